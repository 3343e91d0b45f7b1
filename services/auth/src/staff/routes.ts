import { ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { AuthSessionEnvelope, errorResponses, ForgotPasswordBody, ResetPasswordBody, SentEnvelope, StaffLoginBody, UpdatedEnvelope } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';

/** Operations 4, 8 and 9: staff password sign-in and password reset. */
export function staffRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:staff' })
    .post(
      '/auth/staff-password-login',
      async ({ body, request }) => ok(await s.useCases.signInStaff({ ...body, userAgent: request.headers.get('user-agent') })),
      {
        body: StaffLoginBody,
        parse: 'json',
        response: { 200: AuthSessionEnvelope, ...errorResponses(400, 413, 429) },
        detail: {
          operationId: 'staffPasswordLogin',
          summary: 'Staff sign-in with a password',
          description:
            'For staff accounts (pm, resource, admin, ...). `identifier` is the staff email (case-insensitive) or E.164 mobile. 400 INVALID_CREDENTIALS for a wrong password or an unknown identifier alike. 429 LOGIN_LOCKED with Retry-After: 5 failures for one identifier within 15 min lock it for 15 min; attempts beyond 5 made while earlier ones are still being checked are refused unchecked with Retry-After: 1.',
          tags: ['Auth'],
        },
      },
    )
    .post(
      '/auth/forgot-password',
      async ({ body }) => {
        await s.passwordReset.requestReset(body.email);
        return ok({ sent: true });
      },
      {
        body: ForgotPasswordBody,
        parse: 'json',
        response: { 200: SentEnvelope, ...errorResponses(400, 413, 429) },
        detail: {
          operationId: 'forgotPassword',
          summary: 'Mail a password-reset link to a staff account',
          description:
            'Always answers `{ sent: true }`, whether or not a staff account has this email; when one has, a link (single use, valid 30 min) is mailed. 400 VALIDATION_FAILED for a malformed email. 429 RESET_COOLDOWN with Retry-After: one request per address per minute.',
          tags: ['Auth'],
        },
      },
    )
    .post(
      '/auth/reset-password',
      async ({ body }) => {
        await s.passwordReset.resetPassword(body.token, body.newPassword);
        return ok({ updated: true });
      },
      {
        body: ResetPasswordBody,
        parse: 'json',
        response: { 200: UpdatedEnvelope, ...errorResponses(400, 413, 429) },
        detail: {
          operationId: 'resetPassword',
          summary: 'Set a new staff password from the emailed token',
          description:
            'Sets the new password and signs the account out everywhere (every session is revoked). 400 WEAK_PASSWORD (10-128 characters, not a well-known password; checked first, so the token survives), INVALID_RESET_TOKEN (unknown, used or expired).',
          tags: ['Auth'],
        },
      },
    );
}
