import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type Role, type TokenClaims, TokenClaimsSchema, type TokenType } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import { ACCESS_TTL_S, isIssuedInFuture, REFRESH_TTL_S, TOKEN_ALG, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_S } from '@tm/shared/tokens';
import { decodeProtectedHeader, type JWTPayload, type JWTVerifyOptions, jwtVerify, SignJWT } from 'jose';
import { indexKeysByKid, type SigningKey, type VerificationKey } from './keys.ts';

/** Signs and verifies auth's JWTs; verification alone says nothing about the session (see sessions). */
export interface TokenService {
  sign(claims: { sub: string; role: Role; sid: string; typ: TokenType; pid?: string }): Promise<{ token: string; claims: TokenClaims }>;
  /** The claims when signature, alg, iss, aud, exp, typ and shape all hold; null otherwise. */
  verify(token: string, typ: TokenType): Promise<TokenClaims | null>;
}

/**
 * Verification is jose's jwtVerify with our pinned options (no framework in the token rules),
 * with the key the token's `kid` names: the signing key or one of `previous` (public keys from
 * before a rotation). A token with an unknown kid, or none, is refused without trying keys: auth
 * always sets one. `iat` and expiry follow the injected Clock.
 */
export function createTokenService(key: SigningKey, clock: Clock, previous: readonly VerificationKey[] = []): TokenService {
  const verifiers = new Map<string, ReturnType<typeof verifierFor>>();
  for (const [kid, k] of indexKeysByKid(key, previous)) verifiers.set(kid, verifierFor(k));
  return {
    async sign({ sub, role, sid, typ, pid }) {
      const iat = Math.floor(clock.now() / 1000);
      const claims: TokenClaims = {
        sub,
        role,
        sid,
        typ,
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat,
        exp: iat + (typ === 'access' ? ACCESS_TTL_S : REFRESH_TTL_S),
        jti: crypto.randomUUID(),
        ...(pid ? { pid } : {}),
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
      return { token, claims };
    },
    async verify(token, typ) {
      if (token.length > 4096) return null;
      const verifier = verifiers.get(kidOf(token) ?? '');
      if (!verifier) return null;
      const payload = await verifier.verify(token, {
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        clockTolerance: TOKEN_LEEWAY_S,
        currentDate: new Date(clock.now()),
        requiredClaims: ['sub', 'sid', 'typ', 'role', 'iat', 'exp', 'jti'],
      });
      if (!payload || isIssuedInFuture(payload.iat, clock.now())) return null;
      return asClaims(payload, typ);
    },
  };
}

/** Verifies with one key: the payload when signature and `options` hold, false otherwise (never throws). */
function verifierFor(key: VerificationKey) {
  return {
    async verify(token: string, options: JWTVerifyOptions): Promise<JWTPayload | false> {
      try {
        return (await jwtVerify(token, key.publicKey, options)).payload;
      } catch {
        return false;
      }
    },
  };
}

/** The `kid` in a token's protected header; undefined when the token cannot be decoded. */
function kidOf(token: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(token);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a verified payload against the contract's claims (other claims may ride along: the schema does not close the object). */
const claimsValidator = TypeCompiler.Compile(TokenClaimsSchema);

/** Narrows a verified payload to TokenClaims of the wanted type: a refresh token is never access. */
function asClaims(p: Record<string, unknown>, typ: TokenType): TokenClaims | null {
  return p.typ === typ && claimsValidator.Check(p) ? (p as TokenClaims) : null;
}
