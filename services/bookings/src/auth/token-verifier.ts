import type { Role } from '@tm/contracts';
import { bearerToken, type Clock, DomainError, TOKEN_ALG, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_S } from '@tm/shared';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Who a verified access token speaks for. `pid` is a pm's or resource's talent profile id. */
export interface Principal {
  sub: string;
  role: Role;
  pid?: string;
}

/** Verifies our own tokens against auth's JWKS (bookings deployed alone must check them itself). */
export interface TokenVerifier {
  /** The caller of `Authorization: Bearer …`: 401 UNAUTHORIZED when absent or not a valid access token. */
  principal(authorization: string | null): Promise<Principal>;
  /** A guest session's refresh token (proof of possession for a claim): the guest's id, or 400 INVALID_GUEST_TOKEN. */
  guestOfRefreshToken(token: string): Promise<string>;
}

/**
 * EdDSA only, our issuer and audience, TOKEN_LEEWAY_S on time claims, `typ` checked (a refresh
 * token never opens the API, an access token never proves a guest session); the JWKS is cached
 * and refetched on an unknown kid by jose. A JWKS that cannot be fetched is a 503, not the caller's fault.
 */
export function createTokenVerifier(options: { jwksUrl?: string; keys?: JWTVerifyGetKey; clock: Clock }): TokenVerifier {
  const keys =
    options.keys ??
    createRemoteJWKSet(new URL(options.jwksUrl ?? 'http://127.0.0.1:8081/.well-known/jwks.json'), {
      cacheMaxAge: 600_000,
      timeoutDuration: 2000,
      cooldownDuration: 30_000,
    });
  const verify = async (token: string): Promise<JWTPayload | 'unavailable' | 'invalid'> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        clockTolerance: TOKEN_LEEWAY_S,
        currentDate: new Date(options.clock.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (err) {
      if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || !(err instanceof errors.JOSEError)) return 'unavailable';
      return 'invalid';
    }
  };
  return {
    async principal(authorization) {
      const token = authorization === null ? undefined : bearerToken(authorization);
      if (token === undefined) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      const payload = await verify(token);
      if (payload === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
      if (payload === 'invalid' || payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.role !== 'string')
        throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      const pid = typeof payload.pid === 'string' && payload.pid !== '' ? payload.pid : undefined;
      return { sub: payload.sub, role: payload.role as Role, ...(pid ? { pid } : {}) };
    },
    async guestOfRefreshToken(token) {
      const payload = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token) ? await verify(token) : 'invalid';
      if (payload === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
      if (payload === 'invalid' || payload.typ !== 'refresh' || payload.role !== 'guest' || typeof payload.sub !== 'string')
        throw new DomainError('INVALID_GUEST_TOKEN', "guestToken must be a guest session's valid refresh token");
      return payload.sub;
    },
  };
}
