import { type Clock, DomainError } from '@tm/shared';
import { bearerToken } from '@tm/shared/tokens';
import { type JWTVerifyGetKey, remoteJwks, verifyToken } from '@tm/shared/tokens/verify';
import type { Caller } from '../reviews/rules.ts';

/** Verifies our own tokens against auth's JWKS, as bookings does (reviews deployed alone must check them itself). */
export interface TokenVerifier {
  /** The caller, undefined without an Authorization header; 401 UNAUTHORIZED for a header that is not a valid access token. */
  optionalCaller(authorization: string | null): Promise<Caller | undefined>;
  /** A signed-in caller: 401 without a valid token. */
  caller(authorization: string | null): Promise<Caller>;
  /** An admin caller: 401 without a valid token, 403 FORBIDDEN for any other role. */
  admin(authorization: string | null): Promise<Caller>;
}

/** The one verification of our tokens (@tm/shared/tokens/verify); a JWKS that cannot be fetched is a 503, not the caller's fault. */
export function createTokenVerifier(options: { jwksUrl?: string; keys?: JWTVerifyGetKey; clock: Clock }): TokenVerifier {
  const keys = options.keys ?? remoteJwks({ url: options.jwksUrl ?? 'http://127.0.0.1:8081/.well-known/jwks.json' });
  const unauthorized = () => new DomainError('UNAUTHORIZED', 'A valid access token is required');
  async function optionalCaller(authorization: string | null): Promise<Caller | undefined> {
    if (authorization === null) return undefined;
    const token = bearerToken(authorization);
    if (token === undefined) throw unauthorized();
    const verdict = await verifyToken(token, keys, options.clock.now(), 'access');
    if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
    if (verdict.kind === 'invalid') throw unauthorized();
    const { sub, role, pid } = verdict.claims;
    return { sub, role, ...(pid ? { pid } : {}) };
  }
  async function caller(authorization: string | null): Promise<Caller> {
    const found = await optionalCaller(authorization);
    if (found === undefined) throw unauthorized();
    return found;
  }
  return {
    optionalCaller,
    caller,
    async admin(authorization) {
      const found = await caller(authorization);
      if (found.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only admins may use this operation');
      return found;
    },
  };
}
