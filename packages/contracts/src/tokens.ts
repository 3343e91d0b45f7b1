import { t } from 'elysia';

/** Roles a token can carry; more staff roles may follow, so unknown roles are not customers. */
export const ROLES = ['customer', 'guest', 'pm', 'resource', 'admin'] as const;
export const RoleSchema = t.UnionEnum(ROLES, { title: 'Role' });
export type Role = (typeof ROLES)[number];

/** The staff roles: accounts auth creates, who sign in with a password. */
export const STAFF_ROLES: readonly Role[] = ['pm', 'resource', 'admin'];

/** `typ` claim: access tokens open the API, refresh tokens only mint access tokens. */
export const TOKEN_TYPES = ['access', 'refresh'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

const NonEmpty = t.String({ minLength: 1 });

/**
 * Claims of every token auth signs (DESIGN.md "Auth rules"); the gateway and every service that
 * reads a verified token see these. `pid` is the talent profile id of a `pm` or `resource`
 * account (bookings reads it to know whose assignment a booking is); other roles have none.
 */
export const TokenClaimsSchema = t.Object({
  sub: NonEmpty,
  role: RoleSchema,
  sid: NonEmpty,
  typ: t.UnionEnum(TOKEN_TYPES),
  iss: NonEmpty,
  aud: NonEmpty,
  iat: t.Number({ description: 'Seconds since the epoch' }),
  exp: t.Number({ description: 'Seconds since the epoch' }),
  jti: NonEmpty,
  pid: t.Optional(t.String({ minLength: 1, description: 'Talent profile id of a pm or resource account' })),
});
export type TokenClaims = typeof TokenClaimsSchema.static;
