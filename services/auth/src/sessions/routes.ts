import { ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { clientIpOf } from '../http/client-ip.ts';
import { signInWithIdp } from '../idp/idp-sign-in.ts';
import { AccessTokenEnvelope, AuthSessionEnvelope, errorResponses, IdTokenBody, RefreshBody } from '../model.ts';
import type { AuthServices } from '../services.ts';
import { admitGuest } from './guest-policy.ts';

/** Operations 5-7: identity-provider sign-in, guest sessions and refresh. */
export function sessionRoutes(s: AuthServices) {
  return new Elysia({ name: 'auth:sessions' })
    .post(
      '/auth/idp-signin',
      async ({ body, request }) => {
        const customer = await signInWithIdp({ idp: s.deps.idp, customers: s.repositories.customers }, body.idToken, s.now());
        return ok(await s.sessions.start({ id: customer._id, kind: 'customer', role: 'customer' }, { userAgent: request.headers.get('user-agent') }));
      },
      {
        body: IdTokenBody,
        parse: 'json',
        response: { 200: AuthSessionEnvelope, ...errorResponses(400, 413, 429) },
        detail: {
          operationId: 'idpSignIn',
          summary: 'Sign in with an identity-provider ID token',
          description:
            'Verifies the RS256 ID token against the provider JWKS (issuer, audience, expiry with 300 s leeway) and signs in the customer keyed by (iss, sub); a first sign-in is linked to the customer with the same verified email, or creates one. 400 INVALID_ID_TOKEN, EMAIL_NOT_VERIFIED (first sign-in with an email the provider has not verified), IDP_NOT_CONFIGURED.',
          tags: ['Auth'],
        },
      },
    )
    .post(
      '/auth/guest-access',
      async ({ request, server }) => {
        await admitGuest(s.deps.keyValue, clientIpOf(request, server, s.deps.trustProxy));
        return ok(await s.sessions.start({ id: crypto.randomUUID(), kind: 'guest', role: 'guest' }, { userAgent: request.headers.get('user-agent') }));
      },
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
