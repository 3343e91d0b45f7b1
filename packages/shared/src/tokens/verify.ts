/**
 * `@tm/shared/tokens/verify`: the one verification of our own tokens against auth's JWKS, for
 * every process that reads a bearer token (the gateway's policy step, bookings). Its own entry
 * point so jose is loaded only by the processes that verify.
 */
import { Value } from '@sinclair/typebox/value';
import { type TokenClaims, TokenClaimsSchema, type TokenType } from '@tm/contracts';
import { createRemoteJWKSet, customFetch, errors, type FetchImplementation, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { isIssuedInFuture, TOKEN_ALG, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_S } from './claims.ts';

export type { JWTVerifyGetKey } from 'jose';

/**
 * What a token is worth: valid (with its claims, checked against the contract), invalid (the
 * token's fault; `reason` is jose's error code or one of ours), or unavailable (the JWKS could not
 * be fetched: says nothing about the token, so never a 401 and never remembered).
 */
export type TokenVerdict = { kind: 'valid'; claims: TokenClaims } | { kind: 'invalid'; reason: string } | { kind: 'unavailable' };

/** The reason of a token signed by a key the JWKS does not (yet) hold: may be a key auth just rotated in. */
export const UNKNOWN_KEY_REASON = 'ERR_JWKS_NO_MATCHING_KEY';

export interface RemoteJwksOptions {
  /** Auth's `/.well-known/jwks.json`. */
  url: string;
  /** How long a fetched key set is trusted (default 10 min); an unknown kid refetches sooner. */
  cacheMaxAgeMs?: number;
  /** Per-fetch timeout (default 2 s). */
  timeoutMs?: number;
  /** Least time between two fetches (default 30 s), so unknown kids cannot trigger a fetch storm. */
  cooldownMs?: number;
  /** How the key set is fetched: the service client's fetch mode (`client.fetch`), so it travels like every call between services. */
  fetch?: FetchImplementation;
}

/** Auth's JWKS, cached by jose and refetched on an unknown kid. */
export function remoteJwks(options: RemoteJwksOptions): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(options.url), {
    cacheMaxAge: options.cacheMaxAgeMs ?? 600_000,
    timeoutDuration: options.timeoutMs ?? 2000,
    cooldownDuration: options.cooldownMs ?? 30_000,
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  });
}

/**
 * Verifies one of our tokens: EdDSA only, our issuer and audience, TOKEN_LEEWAY_S on the time
 * claims, `typ` as expected (a refresh token never opens the API, an access token never proves a
 * guest session), `iat` not in the future, and every claim as the contract's TokenClaimsSchema
 * has it (a role outside ROLES, a missing sid or jti: invalid).
 */
export async function verifyToken(token: string, keys: JWTVerifyGetKey, nowMs: number, typ: TokenType = 'access'): Promise<TokenVerdict> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: [TOKEN_ALG],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      clockTolerance: TOKEN_LEEWAY_S,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.typ !== typ) return { kind: 'invalid', reason: `typ is not ${typ}` };
    if (isIssuedInFuture(payload.iat, nowMs)) return { kind: 'invalid', reason: 'issued in the future' };
    if (!Value.Check(TokenClaimsSchema, payload)) return { kind: 'invalid', reason: 'claims do not match the contract' };
    return { kind: 'valid', claims: payload };
  } catch (err) {
    // A JWKS that cannot be fetched says nothing about the token; everything else is the token's fault.
    if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || !(err instanceof errors.JOSEError)) return { kind: 'unavailable' };
    return { kind: 'invalid', reason: err.code };
  }
}
