import { ok } from '@tm/shared';
import { clientIpOf } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { AccessTokenEnvelope, AuthSessionEnvelope, errorResponses, RefreshBody } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';

/** Operations 6-7: guest sessions and refresh. */
export function sessionRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:sessions' })
    .post(
      '/auth/guest-access',
      async ({ request, server }) =>
        ok(await s.useCases.startGuest({ clientIp: clientIpOf(request, server, s.deps.trustProxy), userAgent: request.headers.get('user-agent') })),
      {
        response: { 200: AuthSessionEnvelope, ...errorResponses(413, 429) },
        detail: {
          operationId: 'createGuestSession',
          summary: 'Start an anonymous guest session',
          description:
            'A low-privilege session (role guest) so a visitor can price and start a checkout before signing up; it cannot act as staff. Takes no body (any body is ignored). 429 GUEST_LIMIT with Retry-After beyond 30 guest sessions per client IP per hour.',
          tags: ['Auth'],
        },
      },
    )
    .post('/auth/refresh', async ({ body }) => ok(await s.sessions.refresh(body.refreshToken)), {
      body: RefreshBody,
      parse: 'json',
      response: { 200: AccessTokenEnvelope, ...errorResponses(400, 413, 429) },
      detail: {
        operationId: 'refreshSession',
        summary: 'Exchange a refresh token for a new access token',
        description:
          'Answers `{ accessToken }` (valid 15 min) while the session lives; the refresh token itself is not rotated and stays valid until its session expires (30 days) or is revoked. 400 INVALID_REFRESH_TOKEN for an access token, a tampered, expired or foreign token, or a revoked session.',
        tags: ['Auth'],
      },
    });
}
