import { describe, expect, it } from 'bun:test';
import { createManualClock, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared';
import { createLocalJWKSet, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { generateSigningKey, importSigningKey } from './keys.ts';
import { createTokenService } from './token-service.ts';

const claims = { sub: 'user-1', role: 'customer' as const, sid: 'session-1' };

describe('signing keys', () => {
  it('imports a PKCS8 PEM, also with escaped newlines, and publishes only the public half', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const pem = await exportPKCS8(privateKey);
    const key = await importSigningKey(pem.replaceAll('\n', '\\n'));
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: key.kid });
    expect(key.publicJwk.d).toBeUndefined();
  });

  it('imports an Ed25519 JWK and keeps its kid', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const key = await importSigningKey(JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'k-2026' }));
    expect(key.kid).toBe('k-2026');
  });

  it('refuses anything that is not an Ed25519 private key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    await expect(importSigningKey(await exportPKCS8(privateKey))).rejects.toThrow();
    await expect(importSigningKey('not a key')).rejects.toThrow();
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    await expect(importSigningKey(JSON.stringify(await exportJWK(publicKey)))).rejects.toThrow();
  });
});

describe('token service', () => {
  it('signs every claim with EdDSA and a kid that the JWKS resolves', async () => {
    const key = await generateSigningKey();
    const clock = createManualClock(Date.now());
    const { token } = await createTokenService(key, clock).sign({ ...claims, typ: 'access' });
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: [key.publicJwk] }), { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: key.kid });
    expect(payload).toMatchObject({ ...claims, typ: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(typeof payload.jti).toBe('string');
  });

  it('never accepts a refresh token as access, nor the reverse', async () => {
    const tokens = createTokenService(await generateSigningKey(), createManualClock(Date.now()));
    const refresh = await tokens.sign({ ...claims, typ: 'refresh' });
    const access = await tokens.sign({ ...claims, typ: 'access' });
    expect(await tokens.verify(refresh.token, 'access')).toBeNull();
    expect(await tokens.verify(access.token, 'refresh')).toBeNull();
    expect((await tokens.verify(access.token, 'access'))?.sub).toBe('user-1');
  });

  it('allows 60 s of clock leeway after expiry and no more', async () => {
    const clock = createManualClock(Date.now());
    const tokens = createTokenService(await generateSigningKey(), clock);
    const { token } = await tokens.sign({ ...claims, typ: 'access' });
    clock.advance((900 + 59) * 1000);
    expect(await tokens.verify(token, 'access')).not.toBeNull();
    clock.advance(2000);
    expect(await tokens.verify(token, 'access')).toBeNull();
  });

  it('refuses tokens from another key, a tampered payload and alg none', async () => {
    const clock = createManualClock(Date.now());
    const tokens = createTokenService(await generateSigningKey(), clock);
    const foreign = await createTokenService(await generateSigningKey(), clock).sign({ ...claims, typ: 'access' });
    expect(await tokens.verify(foreign.token, 'access')).toBeNull();
    const { token } = await tokens.sign({ ...claims, typ: 'access' });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p as string, 'base64url').toString()), role: 'admin' })).toString('base64url');
    expect(await tokens.verify(`${h}.${forged}.${s}`, 'access')).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await tokens.verify(`${none}.${p}.`, 'access')).toBeNull();
  });

  it('refuses a correctly signed token with the wrong issuer or audience', async () => {
    const key = await generateSigningKey();
    const clock = createManualClock(Date.now());
    const now = Math.floor(clock.now() / 1000);
    const base = { ...claims, typ: 'access', iat: now, exp: now + 900, jti: 'j' };
    const sign = (extra: Record<string, unknown>) => new SignJWT({ ...base, ...extra }).setProtectedHeader({ alg: 'EdDSA', kid: key.kid }).sign(key.privateKey);
    const tokens = createTokenService(key, clock);
    expect(await tokens.verify(await sign({ iss: 'someone-else', aud: TOKEN_AUDIENCE }), 'access')).toBeNull();
    expect(await tokens.verify(await sign({ iss: TOKEN_ISSUER, aud: 'other-api' }), 'access')).toBeNull();
    expect(await tokens.verify(await sign({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE }), 'access')).not.toBeNull();
  });
});
