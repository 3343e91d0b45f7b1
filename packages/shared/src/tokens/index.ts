/** `@tm/shared/tokens`: the rules of our JWTs both sides agree on (issuer, audience, algorithm, lifetimes, leeway) and the bearer header. Verification, which loads jose, is `@tm/shared/tokens/verify`. */
export {
  ACCESS_TTL_S,
  bearerToken,
  isIssuedInFuture,
  KEEP_VERDICT_AT_MOST_MS,
  REFRESH_TTL_S,
  TOKEN_ALG,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOKEN_LEEWAY_S,
} from './claims.ts';
