import { describe, expect, it } from 'bun:test';
import { createManualClock } from '@tm/shared';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { generateSigningKey, importPreviousPublicKeys, importSigningKey, indexKeysByKid } from './keys.ts';
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
    await expect(importSigningKey('not a key')).rejects.toThrow(/^JWT_PRIVATE_KEY/);
    await expect(importSigningKey('{bad')).rejects.toThrow(/^JWT_PRIVATE_KEY could not be read/);
    await expect(importSigningKey('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).rejects.toThrow(/^JWT_PRIVATE_KEY could not be read/);
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    await expect(importSigningKey(JSON.stringify(await exportJWK(publicKey)))).rejects.toThrow();
  });
});

describe('previous public keys (rotation)', () => {
  it('reads a JWKS, an array of JWKs and one JWK, keeping each kid', async () => {
    const [current, a, b] = await Promise.all([generateSigningKey(), generateSigningKey(), generateSigningKey()]);
    const jwks = await importPreviousPublicKeys(JSON.stringify({ keys: [a.publicJwk, b.publicJwk] }), current);
    expect(jwks.map((k) => k.kid)).toEqual([a.kid, b.kid]);
    expect((await importPreviousPublicKeys(JSON.stringify([a.publicJwk]), current)).map((k) => k.kid)).toEqual([a.kid]);
    const single = await importPreviousPublicKeys(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: a.publicJwk.x }), current);
    expect(single[0]?.kid).toBe(a.kid); // no kid given: the RFC 7638 thumbprint, as for the signing key
    expect(single[0]?.publicJwk).toEqual(a.publicJwk);
  });

  it('refuses a private key, a non-Ed25519 key and text that is not JSON', async () => {
    const current = await generateSigningKey();
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    await expect(importPreviousPublicKeys(JSON.stringify(await exportJWK(privateKey)), current)).rejects.toThrow(/private part/);
    const rsa = await generateKeyPair('RS256', { extractable: true });
    await expect(importPreviousPublicKeys(JSON.stringify({ keys: [await exportJWK(rsa.publicKey)] }), current)).rejects.toThrow(/not an Ed25519 public JWK/);
    await expect(importPreviousPublicKeys('-----BEGIN PUBLIC KEY-----', current)).rejects.toThrow(/must be JSON/);
    await expect(importPreviousPublicKeys('{"keys": {}}', current)).rejects.toThrow(/must be an array/);
  });

  it('refuses a kid given twice, the signing key among them', async () => {
    const [current, old] = await Promise.all([generateSigningKey(), generateSigningKey()]);
    await expect(importPreviousPublicKeys(JSON.stringify({ keys: [old.publicJwk, old.publicJwk] }), current)).rejects.toThrow(/given twice/);
    await expect(importPreviousPublicKeys(JSON.stringify({ keys: [current.publicJwk] }), current)).rejects.toThrow(/given twice/);
    expect([...indexKeysByKid(current, [old]).keys()]).toEqual([current.kid, old.kid]);
  });

  it('verifies tokens the previous key signed and signs only with the new one', async () => {
    const clock = createManualClock(Date.now());
    const [oldKey, newKey] = await Promise.all([generateSigningKey(), generateSigningKey()]);
    const before = await createTokenService(oldKey, clock).sign({ ...claims, typ: 'refresh' });
    const previous = await importPreviousPublicKeys(JSON.stringify({ keys: [oldKey.publicJwk] }), newKey);
    const rotated = createTokenService(newKey, clock, previous);
    expect((await rotated.verify(before.token, 'refresh'))?.sub).toBe('user-1');
    const after = await rotated.sign({ ...claims, typ: 'access' });
    expect(decodeProtectedHeader(after.token).kid).toBe(newKey.kid);
  });

  it('checks a token with the key its kid names only: another known key, an unknown kid or none is refused', async () => {
    const clock = createManualClock(Date.now());
    const [oldKey, newKey] = await Promise.all([generateSigningKey(), generateSigningKey()]);
    const rotated = createTokenService(newKey, clock, await importPreviousPublicKeys(JSON.stringify([oldKey.publicJwk]), newKey));
    const now = Math.floor(clock.now() / 1000);
    const body = { ...claims, typ: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 900, jti: 'j' };
    const signed = (header: { kid?: string }) => new SignJWT(body).setProtectedHeader({ alg: 'EdDSA', ...header }).sign(newKey.privateKey);
    expect(await rotated.verify(await signed({ kid: newKey.kid }), 'access')).not.toBeNull();
    // Signed by a configured key, but labelled with the other one: the named key does not verify it.
    expect(await rotated.verify(await signed({ kid: oldKey.kid }), 'access')).toBeNull();
    expect(await rotated.verify(await signed({ kid: 'unknown' }), 'access')).toBeNull();
    expect(await rotated.verify(await signed({}), 'access')).toBeNull();
  });
});

describe('token service', () => {
  it('signs every claim with EdDSA and a kid that the JWKS resolves', async () => {
    const key = await generateSigningKey();
    const clock = createManualClock(Date.now());
    const { token } = await createTokenService(key, clock).sign({ ...claims, typ: 'access' });
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: [key.publicJwk] }), {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
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

  it('refuses a token whose iat lies more than 60 s in the future (our signer never makes one)', async () => {
    const key = await generateSigningKey();
    const now = Date.now();
    const verifier = createTokenService(key, createManualClock(now));
    const ahead = await createTokenService(key, createManualClock(now + 3_600_000)).sign({ ...claims, typ: 'access' });
    expect(await verifier.verify(ahead.token, 'access')).toBeNull();
    const skewed = await createTokenService(key, createManualClock(now + 30_000)).sign({ ...claims, typ: 'access' });
    expect(await verifier.verify(skewed.token, 'access')).not.toBeNull();
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
