import type { Role } from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import { bearerToken } from '@tm/shared/tokens';
import { type RevocationView, sessionVerdict } from '@tm/shared/tokens/revocations';
import { type JWTVerifyGetKey, type RemoteJwksOptions, remoteJwks, verifyToken } from '@tm/shared/tokens/verify';

/** Who a verified access token speaks for. `pid` is a pm's or resource's talent profile id. */
export interface Principal {
  sub: string;
  role: Role;
  pid?: string;
}

/** This process's copy of auth's revocation feed (@tm/shared/tokens/revocations): what the checks below need of it. */
export type SessionRevocations = Pick<RevocationView, 'isRevoked' | 'isFresh'>;

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
 * The one verification of our tokens (@tm/shared/tokens/verify: EdDSA only, our issuer and
 * audience, TOKEN_LEEWAY_S, `typ` checked, `iat` not ahead, claims as the contract has them)
 * against auth's JWKS, then the session's word from the revocation feed, as the gateway asks it
 * (sessionVerdict): a signed-out, deactivated or deleted session's token is 401 although its
 * signature holds, and while the copy of the feed is older than its staleness bound nobody can
 * tell, so 503. A JWKS that cannot be fetched is a 503 too, not the caller's fault.
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
  const unavailable = () => new DomainError('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
  return {
    async principal(authorization) {
      const token = authorization === null ? undefined : bearerToken(authorization);
      if (token === undefined) throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      const verdict = await verifyToken(token, keys, options.clock.now(), 'access');
      if (verdict.kind === 'unavailable') throw unavailable();
      if (verdict.kind === 'invalid') throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      const session = sessionVerdict(options.revocations, verdict.claims.sid);
      if (session === 'revoked') throw new DomainError('UNAUTHORIZED', 'A valid access token is required');
      if (session === 'unknown') throw new DomainError('UPSTREAM_UNAVAILABLE', 'Signed-out sessions cannot be checked right now; try again shortly');
      const { sub, role, pid } = verdict.claims;
      return { sub, role, ...(pid ? { pid } : {}) };
    },
    async guestOfRefreshToken(token) {
      const verdict = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token)
        ? await verifyToken(token, keys, options.clock.now(), 'refresh')
        : ({ kind: 'invalid', reason: 'malformed' } as const);
      if (verdict.kind === 'unavailable') throw unavailable();
      if (verdict.kind === 'invalid' || verdict.claims.role !== 'guest')
        throw new DomainError('INVALID_GUEST_TOKEN', "guestToken must be a guest session's valid refresh token");
      return verdict.claims.sub;
    },
  };
}
