/** Roles a token can carry; more staff roles may follow, so unknown roles are not customers. */
export type Role = 'customer' | 'guest' | 'pm' | 'resource' | 'admin';
export const ROLES: readonly Role[] = ['customer', 'guest', 'pm', 'resource', 'admin'];
export const STAFF_ROLES: readonly Role[] = ['pm', 'resource', 'admin'];

/** `typ` claim: access tokens open the API, refresh tokens only mint access tokens. */
export type TokenType = 'access' | 'refresh';

/** Claims of every token auth signs (DESIGN.md "Auth rules"). */
export interface TokenClaims {
  sub: string;
  role: Role;
  sid: string;
  typ: TokenType;
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
}

/** Issuer and audience auth signs with and the gateway checks. */
export const TOKEN_ISSUER = 'talent-marketplace-auth';
export const TOKEN_AUDIENCE = 'talent-marketplace-api';
/** The one algorithm our tokens use; verifiers pin it. */
export const TOKEN_ALG = 'EdDSA';
export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 30 * 24 * 60 * 60;
