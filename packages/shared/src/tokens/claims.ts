/** Issuer and audience auth signs with and the gateway checks. */
export const TOKEN_ISSUER = 'talent-marketplace-auth';
export const TOKEN_AUDIENCE = 'talent-marketplace-api';
/** The one algorithm our tokens use; verifiers pin it. */
export const TOKEN_ALG = 'EdDSA';
export const ACCESS_TTL_S = 15 * 60;
/** The longest a verified token's verdict may be kept (the gateway's and every service's caches): an access token's life, whatever a token says of its expiry. */
export const KEEP_VERDICT_AT_MOST_MS = ACCESS_TTL_S * 1000;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;

/** Leeway on the time claims of our own tokens (DESIGN.md: at most 60 s), for auth and the gateway alike. */
export const TOKEN_LEEWAY_S = 60;

/**
 * The token of an `Authorization: Bearer <token>` value (scheme in any case), or undefined when it
 * is not one compact JWS: the one reading auth and the gateway both use, so a header either
 * passes both or neither.
 */
export function bearerToken(authorization: string): string | undefined {
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== 'bearer') return undefined;
  const token = authorization.slice(space + 1).trim();
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(token) ? token : undefined;
}

/**
 * True when a token's `iat` lies further in the future than the leeway allows: we never sign
 * such a token, so it was forged with a leaked key or minted by a clock gone wrong, and a token
 * "issued" a year ahead would otherwise pass every `exp` check for that long.
 */
export function isIssuedInFuture(iat: unknown, nowMs: number): boolean {
  return typeof iat !== 'number' || iat > Math.floor(nowMs / 1000) + TOKEN_LEEWAY_S;
}
