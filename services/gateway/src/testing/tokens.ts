import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** A test signing key and a local JWKS server publishing its public half, like auth does. */
export interface TestIssuer {
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  fetches(): number;
  /** Signs an access token (overridable claims/header) with the test key. */
  mint(claims?: Record<string, unknown>, options?: { kid?: string; expiresInS?: number; nowS?: number }): Promise<string>;
  publicJwk: JWK;
  stop(): Promise<void>;
}

/** Starts a JWKS server on 127.0.0.1:0 serving one fresh Ed25519 key. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'EdDSA', use: 'sig' };
  let fetches = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      if (new URL(req.url).pathname !== '/.well-known/jwks.json') return new Response('not found', { status: 404 });
      fetches++;
      return Response.json({ keys: [publicJwk] });
    },
  });
  return {
    jwksUrl: `http://127.0.0.1:${server.port}/.well-known/jwks.json`,
    fetches: () => fetches,
    publicJwk,
    async mint(claims = {}, options = {}) {
      const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
      return new SignJWT({ role: 'customer', sid: 'session-1', typ: 'access', ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? 'test-key-1', typ: 'JWT' })
        .setSubject((claims.sub as string | undefined) ?? 'user-1')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + (options.expiresInS ?? 900))
        .setJti(crypto.randomUUID())
        .sign(privateKey);
    },
    stop: () => server.stop(true),
  };
}
