import { SignOutBody, type SignOutScope } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { errorResponses, UpdatedEnvelope } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';
import { SessionIdParams, SessionListEnvelope, SignedOutEnvelope } from './model.ts';
import { resolvePrincipal } from './principal.ts';
import { viewSession } from './session-list.ts';

const REVOCATION_NOTE =
  'Revoked sessions are refused by auth at once and by every gateway replica within 5 s (their access tokens too, not only the refresh token).';

/** The caller's sessions: list them, end one, or sign out by scope (issue 12). */
export function accountSessionRoutes(s: AuthWiring) {
  const repo = s.repositories.sessions;
  return new Elysia({ name: 'auth:account-sessions' })
    .resolve(resolvePrincipal(s))
    .get(
      '/account/sessions',
      async ({ principal }) => {
        const live = await repo.listLive(principal.claims.sub, s.now());
        return ok(live.map((doc) => viewSession(doc, principal.session._id)));
      },
      {
        response: { 200: SessionListEnvelope, ...errorResponses(401, 403, 429) },
        detail: {
          operationId: 'listSessions',
          summary: 'The caller’s live sessions',
          description:
            'Every unrevoked, unexpired session of the signed-in account (newest first, at most 200): id (the `sid` of its tokens), sign-in time, last use, user agent and whether it is the asking one. Customers and staff; guests get 403 FORBIDDEN at the gateway. 401 UNAUTHORIZED without a live session.',
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .delete(
      '/account/sessions/:id',
      async ({ principal, params }) => {
        if (!(await repo.revokeOwned(params.id, principal.claims.sub, s.now()))) {
          throw new DomainError('SESSION_NOT_FOUND', 'No live session of yours has this id');
        }
        return ok({ updated: true });
      },
      {
        params: SessionIdParams,
        response: { 200: UpdatedEnvelope, ...errorResponses(401, 403, 404, 429) },
        detail: {
          operationId: 'revokeSession',
          summary: 'End one of the caller’s sessions',
          description: `Revokes the session with this id if it is a live session of the caller (the current one included). 404 SESSION_NOT_FOUND for an unknown, ended or foreign id. ${REVOCATION_NOTE}`,
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    )
    .post(
      '/account/sign-out',
      async ({ principal, body }) => {
        const scope: SignOutScope = body?.scope ?? 'current';
        const now = s.now();
        const sid = principal.session._id;
        const sub = principal.claims.sub;
        let revoked: number;
        if (scope === 'current') revoked = (await repo.revoke(sid, now)) ? 1 : 0;
        else revoked = await repo.revokeAllFor(sub, now, scope === 'others' ? sid : undefined);
        return ok({ updated: true, revoked });
      },
      {
        body: SignOutBody,
        parse: 'json',
        response: { 200: SignedOutEnvelope, ...errorResponses(400, 401, 413, 429) },
        detail: {
          operationId: 'signOut',
          summary: 'Sign out: this session, the others, or all',
          description: `Body optional: none or \`{}\` ends this session (scope current, the default); \`{"scope":"others"}\` ends every other session of the account; \`{"scope":"all"}\` every session. Guests may sign out (their own session). 400 VALIDATION_FAILED for another scope or field. ${REVOCATION_NOTE}`,
          tags: ['Account'],
          security: [{ bearerAuth: [] }],
        },
      },
    );
}
