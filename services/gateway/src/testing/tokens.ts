import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** A test signing key and a local JWKS server publishing its public half, like auth does. */
export interface TestIssuer {
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  /** Signs an access token (overridable claims/header) with the test key. */
  mint(claims?: Record<string, unknown>, options?: { kid?: string; expiresInS?: number; nowS?: number }): Promise<string>;
  publicJwk: JWK;
  /** Adds a second key (kid `test-key-2`) to the published set, as a key rotation would. */
  rotate(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a JWKS server on 127.0.0.1:0 serving one fresh Ed25519 key. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'EdDSA', use: 'sig' };
  const published: JWK[] = [publicJwk];
  const privateKeys = new Map<string, CryptoKey>([['test-key-1', privateKey]]);
  let fetches = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      if (new URL(req.url).pathname !== '/.well-known/jwks.json') return new Response('not found', { status: 404 });
      fetches++;
      return Response.json({ keys: published });
    },
  });
  return {
    jwksUrl: `http://127.0.0.1:${server.port}/.well-known/jwks.json`,
    fetches: () => fetches,
    publicJwk,
    async rotate() {
      const next = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
      published.push({ ...(await exportJWK(next.publicKey)), kid: 'test-key-2', alg: 'EdDSA', use: 'sig' });
      privateKeys.set('test-key-2', next.privateKey);
    },
    async mint(claims = {}, options = {}) {
      const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: 'user-1', role: 'customer', sid: 'session-1', typ: 'access', ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? 'test-key-1', typ: 'JWT' })
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + (options.expiresInS ?? 900))
        .setJti(crypto.randomUUID())
        .sign(privateKeys.get(options.kid ?? 'test-key-1') ?? privateKey);
    },
    stop: () => server.stop(true),
  };
}
