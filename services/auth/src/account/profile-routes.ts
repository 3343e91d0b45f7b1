import { AccountProfileSchema, ConfirmEmailBody, UpdateMeBody } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { errorResponses, UpdatedEnvelope } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';
import { resolvePrincipal } from './principal.ts';

const ProfileEnvelope = envelopeOf(AccountProfileSchema, 'AccountProfileEnvelope');

/** `PATCH /account/me` (signed in) and `POST /auth/confirm-email` (public: the token is the proof). */
export function profileRoutes(s: AuthWiring) {
  const signedIn = new Elysia({ name: 'auth:account-profile' }).resolve(resolvePrincipal(s)).patch(
    '/account/me',
    async ({ principal, body }) => {
      const { session } = principal;
      if (session.subjectKind === 'guest') throw new DomainError('FORBIDDEN', 'Guests have no profile; sign in first');
      await s.profile.update(session, body);
      const repo = session.subjectKind === 'staff' ? s.repositories.staff : s.repositories.customers;
      const doc = await repo.findById(session.subjectId);
      const pendingEmail = await s.profile.pendingEmailOf(session.subjectId);
      return ok({
        ...(doc?.name ? { name: doc.name } : {}),
        ...(doc?.email ? { email: doc.email } : {}),
        ...(pendingEmail ? { pendingEmail } : {}),
        ...(doc?.locale ? { locale: doc.locale } : {}),
      });
    },
    {
      body: UpdateMeBody,
      parse: 'json',
      response: { 200: ProfileEnvelope, ...errorResponses(400, 401, 403, 413, 429) },
      detail: {
        operationId: 'updateMe',
        summary: 'Update name, email or locale',
        description:
          'Customers and staff (guests 403 FORBIDDEN). name and locale apply at once. A new email is not used until its owner follows the single-use link mailed to it (valid 24 h; a newer change replaces it); the answer shows it as pendingEmail. Emails compare case-insensitively. An address another account has is answered the same (no way to learn who is registered): its owner is mailed that it is in use, with no link. At most 5 email changes per account an hour: then 429 EMAIL_CHANGE_LIMIT with Retry-After. 400 INVALID_LOCALE (en, hi, ar, de), VALIDATION_FAILED.',
        tags: ['Account'],
        security: [{ bearerAuth: [] }],
      },
    },
  );
  const confirm = new Elysia({ name: 'auth:confirm-email' }).post(
    '/auth/confirm-email',
    async ({ body }) => {
      await s.profile.confirmEmail(body.token);
      return ok({ updated: true });
    },
    {
      body: ConfirmEmailBody,
      parse: 'json',
      response: { 200: UpdatedEnvelope, ...errorResponses(400, 413, 429) },
      detail: {
        operationId: 'confirmEmail',
        summary: 'Confirm a new email from the mailed link',
        description:
          'Public (the token is the proof). Makes the pending address the account’s email, once. 400 INVALID_EMAIL_TOKEN (unknown, used, replaced or expired), EMAIL_TAKEN (another account confirmed it first).',
        tags: ['Auth'],
      },
    },
  );
  return new Elysia({ name: 'auth:profile' }).use(confirm).use(signedIn);
}
