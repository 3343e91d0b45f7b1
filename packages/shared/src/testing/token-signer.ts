import { generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { systemClock } from '../core/clock.ts';
import { silentLogger } from '../core/logger.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../tokens/claims.ts';
import { createRevocationView, type RevocationView } from '../tokens/revocations.ts';
import { startRevocationFeed } from './revocation-feed.ts';

/** The claims a test token carries besides the fixed ones; `sid` is `s-<sub>` unless given. */
export interface TestTokenClaims {
  sub: string;
  role: string;
  pid?: string;
  sid?: string;
}

/**
 * An Ed25519 key pair standing in for auth's: `keys` verifies what `accessToken` signs (our
 * issuer, audience, `typ` access, a jti), issued at `nowMs` and valid `ttlS` seconds.
 */
export async function createTestSigner() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const keys: JWTVerifyGetKey = async () => publicKey;
  const accessToken = (claims: TestTokenClaims, nowMs = Date.now(), ttlS = 900) => {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ sid: `s-${claims.sub}`, ...claims, typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlS)
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  };
  return { keys, accessToken };
}

/**
 * A revocation view read once (on the system clock) from a stand-in of auth's feed that names
 * `sids` revoked: what a service's "a revoked token is 401 when reached directly" test gives its
 * app. `stop` closes the stand-in.
 */
export async function revokedSessionsView(sids: readonly string[]): Promise<{ view: RevocationView; stop(): void }> {
  const feed = startRevocationFeed();
  feed.state.revoked = sids.map((sid) => ({ sid, until: Date.now() + 900_000 }));
  const view = createRevocationView({ authUrl: feed.url, fetch, clock: systemClock, logger: silentLogger, autoStart: false, maxStalenessMs: 3_600_000 });
  if (!(await view.refresh())) throw new Error('the revocation feed stand-in could not be read');
  return { view, stop: feed.stop };
}
