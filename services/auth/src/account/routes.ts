import { type Role, STAFF_ROLES } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { bearerToken as readBearer } from '@tm/shared/tokens';
import { Elysia } from 'elysia';
import { AuthSessionEnvelope, ChangePasswordBody, errorResponses, MeEnvelope } from '../model.ts';
import type { Principal } from '../sessions/session-service.ts';
import type { AuthWiring } from '../wiring.ts';

/** The bearer access token of a request, or null: the shared reading the gateway uses too. */
export function bearerToken(header: string | null): string | null {
  return header === null ? null : (readBearer(header) ?? null);
}

/** Refuses a principal whose role is not in `roles` (403 FORBIDDEN): guests and customers are never staff. */
export function requireRole(principal: Principal, roles: readonly Role[]): void {
  if (!roles.includes(principal.claims.role)) throw new DomainError('FORBIDDEN', 'Your role may not do this');
}

/** The optional profile fields `PATCH /account/me` sets. */
function profileOf(doc: { name?: string; locale?: string; profileId?: string } | null) {
  return { ...(doc?.name ? { name: doc.name } : {}), ...(doc?.locale ? { locale: doc.locale } : {}), ...(doc?.profileId ? { profileId: doc.profileId } : {}) };
}

/**
 * /account/*: auth verifies the access token itself (signature, typ, and that the session is
 * still live), even though the gateway checks it too, so a revoked session is refused here at once.
 */
export function accountRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:account' })
    .resolve(async ({ request }) => {
      const token = bearerToken(request.headers.get('authorization'));
      const principal = token ? await s.sessions.authenticate(token) : null;
      if (!principal) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      return { principal };
    })
    .get(
      '/account/me',
      async ({ principal }) => {
        const { claims, session } = principal;
        const base = { id: claims.sub, role: claims.role, sessionId: session._id };
        if (session.subjectKind === 'customer') {
          const c = await s.repositories.customers.findById(claims.sub);
          return ok({ ...base, ...(c?.mobile ? { mobile: c.mobile } : {}), ...(c?.email ? { email: c.email } : {}), ...profileOf(c) });
        }
        if (session.subjectKind === 'staff') {
          const a = await s.repositories.staff.findById(claims.sub);
          return ok({ ...base, ...(a?.mobile ? { mobile: a.mobile } : {}), ...(a?.email ? { email: a.email } : {}), ...profileOf(a) });
        }
        return ok(base);
      },
      {
        response: { 200: MeEnvelope, ...errorResponses(401, 429) },
        detail: {
          operationId: 'getMe',
          summary: 'The signed-in principal',
          description:
            'Id, role and session of the bearer, plus mobile/email for customers and staff. Guests see role guest. 401 UNAUTHORIZED without a valid access token of a live session.',
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .post(
      '/account/change-password',
      async ({ principal, body }) => {
        requireRole(principal, STAFF_ROLES);
        await s.passwordReset.changePassword(principal.claims.sub, body.currentPassword, body.newPassword, principal.session._id);
        const renewed = await s.sessions.renew(principal.session);
        if (!renewed) throw new DomainError('UNAUTHORIZED', 'This session ended meanwhile; sign in with the new password');
        return ok(renewed);
      },
      {
        body: ChangePasswordBody,
        parse: 'json',
        response: { 200: AuthSessionEnvelope, ...errorResponses(400, 401, 403, 413, 429) },
        detail: {
          operationId: 'changePassword',
          summary: 'Change the staff password',
          description:
            'Staff only (403 FORBIDDEN for customers and guests). Checks the current password (400 INVALID_CREDENTIALS, counted toward the sign-in lockout: 429 LOGIN_LOCKED), applies the password policy (400 WEAK_PASSWORD), then ends every other session of the account (refused by every gateway within 5 s) and keeps this one: answers a fresh AuthSession for it (same session id; its old refresh token stops working). Password and credentials version change in one update, so no old session outlives a failure half way.',
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    );
}
