import { type Clock, DomainError } from '@tm/shared';
import { type Caller, createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { type JWTVerifyGetKey, type RemoteJwksOptions, remoteJwks, verifyToken } from '@tm/shared/tokens/verify';

/** Who a verified access token speaks for (the shared Caller). `pid` is a pm's or resource's talent profile id. */
export type Principal = Caller;

/** Verifies our own tokens against auth's JWKS and revocation feed (bookings deployed alone must check them itself). */
export interface TokenVerifier {
  /** The caller of `Authorization: Bearer …`: 401 UNAUTHORIZED when absent or not a valid access token. */
  principal(authorization: string | null): Promise<Principal>;
  /**
   * A guest session's refresh token (proof of possession for the guest hand-over), its signature, type and role
   * checked: the guest's id, or 400 INVALID_GUEST_TOKEN. Whether its session still lives is auth's
   * to say (guest-sessions-port.ts).
   */
  guestOfRefreshToken(token: string): Promise<string>;
}

/**
 * The principal is the shared caller verifier's (@tm/shared/tokens/callers: auth's JWKS, then the
 * session's word from the revocation feed, as the gateway asks it: a signed-out, deactivated or
 * deleted session's token is 401 although its signature holds; a feed too stale to tell, or a
 * JWKS that cannot be fetched, is 503). The guest hand-over's refresh token is bookings' own check.
 */
export function createTokenVerifier(options: {
  jwksUrl?: string;
  jwksFetch?: RemoteJwksOptions['fetch'];
  keys?: JWTVerifyGetKey;
  clock: Clock;
  revocations: SessionRevocations;
}): TokenVerifier {
  const keys =
    options.keys ??
    remoteJwks({ url: options.jwksUrl ?? 'http://127.0.0.1:8081/.well-known/jwks.json', ...(options.jwksFetch ? { fetch: options.jwksFetch } : {}) });
  const callers = createCallerVerifier({ keys, clock: options.clock, revocations: options.revocations });
  return {
    principal: callers.caller,
    async guestOfRefreshToken(token) {
      const verdict = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token)
        ? await verifyToken(token, keys, options.clock.now(), 'refresh')
        : ({ kind: 'invalid', reason: 'malformed' } as const);
      if (verdict.kind === 'unavailable') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
      if (verdict.kind === 'invalid' || verdict.claims.role !== 'guest')
        throw new DomainError('INVALID_GUEST_TOKEN', "guestToken must be a guest session's valid refresh token");
      return verdict.claims.sub;
    },
  };
}
