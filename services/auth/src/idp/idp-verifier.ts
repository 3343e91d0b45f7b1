import { type Clock, DomainError } from '@tm/shared';
import { createRemoteJWKSet, jwtVerify } from 'jose';

/** What auth takes from a verified IdP ID token. */
export interface IdpIdentity {
  iss: string;
  sub: string;
  /** Lower-cased; present only when the token carries one. */
  email?: string;
  emailVerified: boolean;
}

/** Verifies IdP ID tokens; throws DomainError INVALID_ID_TOKEN for any bad token. */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<IdpIdentity>;
}

/** Clock leeway on IdP tokens (DESIGN.md: at most 300 s). */
export const IDP_LEEWAY_S = 300;

/**
 * jose against IDP_JWKS_URL: RS256 pinned (so `alg: none` and HS256-with-the-public-key fail),
 * `iss` in IDP_ISSUER, `aud` = IDP_AUDIENCE, unexpired. createRemoteJWKSet caches the key set
 * and refetches when a token names an unknown `kid` (at most once per `cooldownMs`).
 */
export function createJoseIdTokenVerifier(options: {
  jwksUrl: string;
  issuers: readonly string[];
  audience: string;
  clock: Clock;
  timeoutMs: number;
  cooldownMs?: number;
}): IdTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: options.timeoutMs,
    cooldownDuration: options.cooldownMs ?? 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          algorithms: ['RS256'],
          issuer: [...options.issuers],
          audience: options.audience,
          clockTolerance: IDP_LEEWAY_S,
          currentDate: new Date(options.clock.now()),
          requiredClaims: ['iss', 'sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || payload.sub === '' || typeof payload.iss !== 'string') throw new Error('no subject');
        const email = typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.trim().toLowerCase() : undefined;
        // Some IdPs send the flag as the string "true"; nothing else counts as verified.
        const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
        return { iss: payload.iss, sub: payload.sub, ...(email ? { email } : {}), emailVerified };
      } catch {
        throw new DomainError('INVALID_ID_TOKEN', 'The ID token is invalid or expired');
      }
    },
  };
}

/** Used when IDP_JWKS_URL is unset. */
export const unconfiguredIdTokenVerifier: IdTokenVerifier = {
  async verify() {
    throw new DomainError('IDP_NOT_CONFIGURED', 'Identity-provider sign-in is not configured on this server');
  },
};
