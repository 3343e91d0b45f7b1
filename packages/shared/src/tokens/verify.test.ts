import { describe, expect, it } from 'bun:test';
import { exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { createServiceClient } from '../client/service-client.ts';
import { silentLogger } from '../core/logger.ts';
import { runInRequestScope } from '../core/request-scope.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './claims.ts';
import { remoteJwks, UNKNOWN_KEY_REASON, verifyToken } from './verify.ts';

const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
const keys: JWTVerifyGetKey = async () => publicKey;
const nowMs = Date.UTC(2026, 0, 1);
const nowS = nowMs / 1000;
const claims = { sub: 'user-1', role: 'customer', sid: 'session-1', typ: 'access' };

function sign(extra: Record<string, unknown> = {}, o: { iat?: number; exp?: number; alg?: string; key?: CryptoKey | Uint8Array } = {}) {
  return new SignJWT({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, ...claims, ...extra })
    .setProtectedHeader({ alg: o.alg ?? 'EdDSA', kid: 'k1' })
    .setIssuedAt(o.iat ?? nowS)
    .setExpirationTime(o.exp ?? nowS + 900)
    .setJti('jti-1')
    .sign(o.key ?? privateKey);
}

describe('verifyToken', () => {
  it('answers the claims of a valid access token, pid included', async () => {
    const verdict = await verifyToken(await sign({ role: 'pm', pid: 'profile-1' }), keys, nowMs);
    expect(verdict).toMatchObject({ kind: 'valid', claims: { sub: 'user-1', role: 'pm', sid: 'session-1', pid: 'profile-1' } });
  });

  it('refuses a refresh token where an access token is asked, and accepts it where a refresh token is', async () => {
    const refresh = await sign({ typ: 'refresh', role: 'guest' });
    expect(await verifyToken(refresh, keys, nowMs)).toEqual({ kind: 'invalid', reason: 'typ is not access' });
    expect((await verifyToken(refresh, keys, nowMs, 'refresh')).kind).toBe('valid');
  });

  it('refuses claims outside the contract: a role that is not one of ROLES, no sid', async () => {
    expect(await verifyToken(await sign({ role: 'superuser' }), keys, nowMs)).toEqual({ kind: 'invalid', reason: 'claims do not match the contract' });
    expect(await verifyToken(await sign({ sid: undefined }), keys, nowMs)).toEqual({ kind: 'invalid', reason: 'claims do not match the contract' });
  });

  it('refuses a token issued further ahead than the leeway, and accepts one within it', async () => {
    expect(await verifyToken(await sign({}, { iat: nowS + 3600, exp: nowS + 4500 }), keys, nowMs)).toEqual({ kind: 'invalid', reason: 'issued in the future' });
    expect((await verifyToken(await sign({}, { iat: nowS + 30 }), keys, nowMs)).kind).toBe('valid');
  });

  it('refuses an expired token, another issuer, another audience and another algorithm', async () => {
    expect(await verifyToken(await sign({}, { iat: nowS - 2000, exp: nowS - 1000 }), keys, nowMs)).toMatchObject({
      kind: 'invalid',
      reason: 'ERR_JWT_EXPIRED',
    });
    expect((await verifyToken(await sign({ iss: 'someone-else' }), keys, nowMs)).kind).toBe('invalid');
    expect((await verifyToken(await sign({ aud: 'another-api' }), keys, nowMs)).kind).toBe('invalid');
    const hs = await sign({}, { alg: 'HS256', key: new Uint8Array(32) });
    expect(await verifyToken(hs, async () => new Uint8Array(32), nowMs)).toMatchObject({ kind: 'invalid', reason: 'ERR_JOSE_ALG_NOT_ALLOWED' });
  });

  describe('against a JWKS served over HTTP', () => {
    it('names an unknown key, and answers unavailable (not invalid) when the JWKS cannot be fetched', async () => {
      const jwk = { ...(await exportJWK(publicKey)), kid: 'other', alg: 'EdDSA' };
      const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => Response.json({ keys: [jwk] }) });
      try {
        const jwks = remoteJwks({ url: `http://127.0.0.1:${server.port}/.well-known/jwks.json` });
        expect(await verifyToken(await sign(), jwks, nowMs)).toMatchObject({ kind: 'invalid', reason: UNKNOWN_KEY_REASON });
      } finally {
        await server.stop(true);
      }
      const down = remoteJwks({ url: `http://127.0.0.1:${server.port}/.well-known/jwks.json`, timeoutMs: 500 });
      expect(await verifyToken(await sign(), down, nowMs)).toEqual({ kind: 'unavailable' });
    });

    it('fetches the key set through the service client when given its fetch, with the request id of the scope, and times out as unavailable', async () => {
      const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
      const ids: (string | null)[] = [];
      let hang = false;
      const server = Bun.serve({
        hostname: '127.0.0.1',
        port: 0,
        fetch: async (req) => {
          ids.push(req.headers.get('x-request-id'));
          if (hang) await Bun.sleep(1000);
          return Response.json({ keys: [jwk] });
        },
      });
      try {
        const auth = createServiceClient({ service: 'auth', baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 200, logger: silentLogger });
        const jwks = remoteJwks({ url: `http://127.0.0.1:${server.port}/.well-known/jwks.json`, fetch: auth.fetch });
        const verdict = await runInRequestScope({ requestId: 'jwks-req-1234' }, async () => verifyToken(await sign(), jwks, nowMs));
        expect([verdict.kind, ids]).toEqual(['valid', ['jwks-req-1234']]);
        hang = true;
        const slow = remoteJwks({ url: `http://127.0.0.1:${server.port}/.well-known/jwks.json`, fetch: auth.fetch });
        expect(await verifyToken(await sign(), slow, nowMs)).toEqual({ kind: 'unavailable' });
      } finally {
        await server.stop(true);
      }
    });
  });
});
