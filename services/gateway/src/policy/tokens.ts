import type { Role } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import { bearerToken, KEEP_VERDICT_AT_MOST_MS, TOKEN_LEEWAY_S } from '@tm/shared/tokens';
import { type JWTVerifyGetKey, type RemoteJwksOptions, remoteJwks, UNKNOWN_KEY_REASON, verifyToken } from '@tm/shared/tokens/verify';

/** Who a valid access token speaks for; what routes and the MCP server see of a caller. */
export interface Principal {
  sub: string;
  role: Role;
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** The outcome of looking at a request's Authorization header. */
export type TokenCheck =
  | { kind: 'none' }
  | { kind: 'valid'; principal: Principal }
  | { kind: 'invalid'; reason: string }
  /** The JWKS could not be fetched: not the caller's fault, so never cached and never a 401. */
  | { kind: 'unavailable' };

/**
 * Checks bearer tokens; `check` is on every request's path, so it answers synchronously when it
 * can (no header, a malformed one, a cached verdict) and returns a promise only to verify.
 */
export interface TokenVerifier {
  check(authorization: string | null): TokenCheck | Promise<TokenCheck>;
}

/** How long a rejected token is remembered, so garbage tokens do not cost a signature check each. */
const NEGATIVE_TTL_MS = 60_000;
/**
 * How long after a failed JWKS fetch the verifier answers `unavailable` without trying again:
 * jose refetches on every call after a failure, so a hanging auth would otherwise hold every
 * request bearing a token it has not seen for the whole fetch timeout, public routes included.
 */
export const JWKS_RETRY_MS = 2_000;
/** How often a cached verdict in use moves to the young end of the LRU. */
const RECENCY_MS = 1_000;
const UNAVAILABLE: TokenCheck = { kind: 'unavailable' };
const NONE: TokenCheck = { kind: 'none' };
const MALFORMED: TokenCheck = { kind: 'invalid', reason: 'malformed Authorization header' };

/**
 * Verifies access tokens against auth's JWKS with the one verification of @tm/shared/tokens/verify
 * (EdDSA, our iss/aud, `typ` = access, `iat` not ahead, claims as the contract has them);
 * remembers verdicts in a bounded LRU keyed by the Authorization header until the token expires, so the
 * hot path verifies each token once.
 */
export function createTokenVerifier(options: {
  jwksUrl: string;
  clock: Clock;
  cacheSize?: number;
  jwksCacheS?: number;
  /** Least time between two JWKS fetches (jose's cooldown), so unknown kids cannot trigger a fetch storm. */
  jwksCooldownMs?: number;
  /** How the JWKS is fetched: auth's service client (`client.fetch`). */
  jwksFetch?: RemoteJwksOptions['fetch'];
  /** Tests may pass a key resolver instead of a URL-backed JWKS. */
  keys?: JWTVerifyGetKey;
}): TokenVerifier {
  const { clock, cacheSize = 10_000 } = options;
  const keys =
    options.keys ??
    remoteJwks({
      url: options.jwksUrl,
      cacheMaxAgeMs: (options.jwksCacheS ?? 600) * 1000,
      ...(options.jwksCooldownMs === undefined ? {} : { cooldownMs: options.jwksCooldownMs }),
      ...(options.jwksFetch ? { fetch: options.jwksFetch } : {}),
    });
  /** Verdicts by the Authorization header as sent, each with when its recency was last refreshed. */
  const cache = new Map<string, { until: number; result: TokenCheck; touched: number }>();
  let jwksDownUntil = 0;
  /** Verifications in flight, by header. */
  const verifying = new Map<string, Promise<TokenCheck>>();

  const remember = (authorization: string, result: TokenCheck, until: number, now: number) => {
    if (cacheSize <= 0) return;
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(authorization, { until, result, touched: now });
  };

  return {
    check(authorization) {
      if (authorization === null) return NONE;
      const now = clock.now();
      // Looked up by the header itself: a busy token's verdict comes back without reading the
      // token out of it again (a regular expression over its ~600 characters). Malformed headers
      // are never remembered, so they are refused below as before.
      const hit = cache.get(authorization);
      if (hit !== undefined) {
        if (hit.until > now) {
          // Recency refreshed at most once a second, so the LRU keeps busy tokens without two
          // Map writes per request.
          if (now - hit.touched >= RECENCY_MS) {
            hit.touched = now;
            cache.delete(authorization);
            cache.set(authorization, hit);
          }
          return hit.result;
        }
        cache.delete(authorization);
      }
      const token = bearerToken(authorization);
      if (token === undefined) return MALFORMED;
      if (now < jwksDownUntil) return UNAVAILABLE;
      // Requests arriving together with a token not yet remembered (a page's parallel calls right
      // after sign-in) share one verification.
      const flying = verifying.get(authorization);
      if (flying !== undefined) return flying;
      const flight = verify(token, keys, now)
        .then((result) => {
          if (result.kind === 'unavailable') jwksDownUntil = clock.now() + JWKS_RETRY_MS;
          // A valid verdict lives while the token does, never longer than an access token's life
          // (KEEP_VERDICT_AT_MOST_MS): a token signed with a key since withdrawn stops counting within that.
          if (result.kind === 'valid')
            remember(authorization, result, Math.min((result.principal.exp + TOKEN_LEEWAY_S) * 1000, now + KEEP_VERDICT_AT_MOST_MS), now);
          // An unknown kid may be a key auth just rotated in: not remembered, so the next try refetches.
          else if (result.kind === 'invalid' && result.reason !== UNKNOWN_KEY_REASON) remember(authorization, result, now + NEGATIVE_TTL_MS, now);
          return result;
        })
        .finally(() => verifying.delete(authorization));
      verifying.set(authorization, flight);
      return flight;
    },
  };
}

async function verify(token: string, keys: JWTVerifyGetKey, now: number): Promise<TokenCheck> {
  const verdict = await verifyToken(token, keys, now);
  if (verdict.kind !== 'valid') return verdict.kind === 'unavailable' ? UNAVAILABLE : verdict;
  const { sub, role, sid, exp } = verdict.claims;
  return { kind: 'valid', principal: { sub, role, sid, exp } };
}
