import { ok } from '@tm/shared';
import { Elysia } from 'elysia';
import { AuthSessionEnvelope, errorResponses, IdTokenBody } from '../model.ts';
import type { AuthWiring } from '../wiring.ts';

/** Operation 5: identity-provider sign-in. */
export function idpRoutes(s: AuthWiring) {
  return new Elysia({ name: 'auth:idp' }).post(
    '/auth/idp-signin',
    async ({ body, request }) => ok(await s.useCases.signInWithIdp({ ...body, userAgent: request.headers.get('user-agent') })),
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
  );
}
