import type { Role } from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import type { FetchLike } from '@tm/shared/client';
import { bearerToken } from '@tm/shared/tokens';
import { type JWTVerifyGetKey, remoteJwks, verifyToken } from '@tm/shared/tokens/verify';

/** Who a verified access token speaks for: the only source of a user id in growth (never a body). */
export interface Caller {
  sub: string;
  role: Role;
}

/** Verifies our own tokens against auth's JWKS, as bookings does (growth deployed alone must check them itself). */
export interface TokenVerifier {
  /** The caller, undefined without an Authorization header; 401 UNAUTHORIZED for a header that is not a valid access token. */
  optionalCaller(authorization: string | null): Promise<Caller | undefined>;
  /** An admin caller: 401 without a valid token, 403 FORBIDDEN for any other role. */
  admin(authorization: string | null): Promise<Caller>;
}

/**
 * The one verification of our tokens (@tm/shared/tokens/verify); a JWKS that cannot be fetched is
 * a 503, not the caller's fault. A valid token's caller is kept, by the token, until the token
 * expires (at most `keptTokens` of them, least recently used out first): a signed-in page view
 * evaluates flags over OFREP every time, and an EdDSA verification was some 120 us of it. Only
 * valid verdicts are kept; growth reads no revocation feed, so keeping one changes nothing.
 */
export function createTokenVerifier(options: {
  jwksUrl?: string;
  jwksFetch?: FetchLike;
  keys?: JWTVerifyGetKey;
  clock: Clock;
  keptTokens?: number;
}): TokenVerifier {
  const keptTokens = options.keptTokens ?? 5000;
  const kept = new Map<string, { caller: Caller; untilMs: number }>();
  const keys =
    options.keys ??
    remoteJwks({ url: options.jwksUrl ?? 'http://127.0.0.1:8081/.well-known/jwks.json', ...(options.jwksFetch ? { fetch: options.jwksFetch } : {}) });
  const unauthorized = () => new DomainError('UNAUTHORIZED', 'A valid access token is required');
  async function optionalCaller(authorization: string | null): Promise<Caller | undefined> {
    if (authorization === null) return undefined;
    const token = bearerToken(authorization);
    if (token === undefined) throw unauthorized();
    const hit = kept.get(token);
    if (hit !== undefined) {
      kept.delete(token);
      if (options.clock.now() < hit.untilMs) {
        kept.set(token, hit);
        return hit.caller;
      }
    }
    const verdict = await verifyToken(token, keys, options.clock.now(), 'access');
    if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
    if (verdict.kind === 'invalid') throw unauthorized();
    const caller: Caller = { sub: verdict.claims.sub, role: verdict.claims.role };
    kept.set(token, { caller, untilMs: verdict.claims.exp * 1000 });
    if (kept.size > keptTokens) kept.delete(kept.keys().next().value as string);
    return caller;
  }
  return {
    optionalCaller,
    async admin(authorization) {
      const caller = await optionalCaller(authorization);
      if (caller === undefined) throw unauthorized();
      if (caller.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only admins may use this operation');
      return caller;
    },
  };
}
