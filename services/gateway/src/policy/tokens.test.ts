import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createManualClock, systemClock } from '@tm/shared';
import { bearerToken, KEEP_VERDICT_AT_MOST_MS, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { createRemoteJWKSet, errors, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { startTestIssuer, type TestIssuer } from '../testing/tokens.ts';
import { createTokenVerifier, JWKS_RETRY_MS } from './tokens.ts';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(() => issuer.stop());

const verifier = () => createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock });
/** The issuer's JWKS, counting how often a key is resolved (a verification that was not answered from the cache). */
function countedKeys(): { keys: JWTVerifyGetKey; resolves: () => number } {
  let resolved = 0;
  const jwks = createRemoteJWKSet(new URL(issuer.jwksUrl));
  return {
    keys: (header, input) => {
      resolved++;
      return jwks(header, input);
    },
    resolves: () => resolved,
  };
}
const b64url = (s: string) => Buffer.from(s).toString('base64url');

describe('bearerToken', () => {
  it('takes the token of a Bearer header, any scheme case', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('bearer a.b.c')).toBe('a.b.c');
  });

  it('refuses other schemes and things that are not a compact JWS', () => {
    expect(bearerToken('Basic dXNlcjpwdw==')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer abc')).toBeUndefined();
    expect(bearerToken('Bearer a.b.c.d')).toBeUndefined();
  });
});

describe('createTokenVerifier', () => {
  it('accepts a valid access token and returns its principal', async () => {
    const token = await issuer.mint({ sub: 'u-1', role: 'customer', sid: 's-1' });
    const result = await verifier().check(`Bearer ${token}`);
    expect(result).toMatchObject({ kind: 'valid', principal: { sub: 'u-1', role: 'customer', sid: 's-1' } });
  });

  it('says none without an Authorization header', async () => {
    expect(await verifier().check(null)).toEqual({ kind: 'none' });
  });

  it('rejects a refresh token presented as access', async () => {
    const token = await issuer.mint({ typ: 'refresh' });
    expect((await verifier().check(`Bearer ${token}`)).kind).toBe('invalid');
  });

  it('rejects a token expired beyond the 60 s leeway', async () => {
    const token = await issuer.mint({}, { nowS: Math.floor(Date.now() / 1000) - 1000, expiresInS: 900 });
    expect((await verifier().check(`Bearer ${token}`)).kind).toBe('invalid');
  });

  it('rejects a token issued in the future beyond the 60 s leeway, and accepts one within it', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const ahead = await issuer.mint({}, { nowS: nowS + 3600, expiresInS: 900 });
    expect(await verifier().check(`Bearer ${ahead}`)).toMatchObject({ kind: 'invalid' });
    const skewed = await issuer.mint({}, { nowS: nowS + 30, expiresInS: 900 });
    expect((await verifier().check(`Bearer ${skewed}`)).kind).toBe('valid');
  });

  it('rejects a tampered payload', async () => {
    const token = await issuer.mint({ role: 'guest' });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${b64url(JSON.stringify({ ...payload, role: 'admin' }))}.${s}`;
    expect((await verifier().check(`Bearer ${forged}`)).kind).toBe('invalid');
  });

  it('rejects alg none', async () => {
    const token = await issuer.mint();
    const payload = token.split('.')[1];
    const unsigned = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    expect((await verifier().check(`Bearer ${unsigned}`)).kind).toBe('invalid');
  });

  it('rejects HS256 signed with the public key as the secret', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(issuer.publicJwk));
    const token = await new SignJWT({ role: 'admin', sid: 's', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setSubject('attacker')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    expect((await verifier().check(`Bearer ${token}`)).kind).toBe('invalid');
  });

  it('rejects the wrong issuer or audience', async () => {
    const v = verifier();
    expect((await v.check(`Bearer ${await issuer.mint({ iss: 'someone-else' })}`)).kind).toBe('invalid');
    expect((await v.check(`Bearer ${await issuer.mint({ aud: 'another-api' })}`)).kind).toBe('invalid');
  });

  it('rejects a token signed by a key the JWKS does not publish', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const token = await new SignJWT({ role: 'customer', sid: 's', typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key-1' })
      .setSubject('u')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect((await verifier().check(`Bearer ${token}`)).kind).toBe('invalid');
  });

  it('refetches the JWKS for an unknown kid and accepts a rotated-in key', async () => {
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock, jwksCooldownMs: 0 });
    expect((await v.check(`Bearer ${await issuer.mint()}`)).kind).toBe('valid');
    const before = issuer.fetches();
    await issuer.rotate();
    const rotated = await issuer.mint({}, { kid: 'test-key-2' });
    expect((await v.check(`Bearer ${rotated}`)).kind).toBe('valid');
    expect(issuer.fetches()).toBe(before + 1);
  });

  it('says unavailable, not invalid, when the JWKS cannot be fetched', async () => {
    const token = await issuer.mint();
    const v = createTokenVerifier({ jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json', clock: systemClock });
    expect((await v.check(`Bearer ${token}`)).kind).toBe('unavailable');
  });

  it('after a failed JWKS fetch, answers unavailable at once for a moment instead of trying again per token', async () => {
    const clock = createManualClock(Date.now());
    let fetches = 0;
    const keys: JWTVerifyGetKey = async () => {
      fetches++;
      throw new errors.JWKSTimeout();
    };
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock, keys });
    const [a, b] = await Promise.all([issuer.mint({ sub: 'a' }), issuer.mint({ sub: 'b' })]);
    expect((await v.check(`Bearer ${a}`)).kind).toBe('unavailable');
    const meanwhile = v.check(`Bearer ${b}`);
    expect(meanwhile).not.toBeInstanceOf(Promise); // answered without waiting on a fetch
    expect((meanwhile as { kind: string }).kind).toBe('unavailable');
    expect(fetches).toBe(1);
    clock.advance(JWKS_RETRY_MS);
    expect((await v.check(`Bearer ${b}`)).kind).toBe('unavailable');
    expect(fetches).toBe(2);
  });

  it('verifies a token once and answers later checks from its cache', async () => {
    const { keys, resolves } = countedKeys();
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock, keys });
    const token = await issuer.mint();
    for (let i = 0; i < 5; i++) expect((await v.check(`Bearer ${token}`)).kind).toBe('valid');
    expect(resolves()).toBe(1);
  });

  it('verifies a new token once for 20 parallel first checks, and a forged one once for 20 parallel refusals', async () => {
    const { keys, resolves } = countedKeys();
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock, keys });
    const token = await issuer.mint();
    const checks = await Promise.all(Array.from({ length: 20 }, () => v.check(`Bearer ${token}`)));
    expect(checks.map((c) => c.kind)).toEqual(Array.from({ length: 20 }, () => 'valid'));
    expect(resolves()).toBe(1);
    const forged = `Bearer ${token.slice(0, -4)}AAAA`;
    const refused = await Promise.all(Array.from({ length: 20 }, () => v.check(forged)));
    expect(new Set(refused.map((c) => c.kind))).toEqual(new Set(['invalid']));
    expect(resolves()).toBe(2);
  });

  it('stops answering a cached token as valid once it expires', async () => {
    const clock = createManualClock(Date.now());
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock });
    const token = await issuer.mint({}, { nowS: Math.floor(clock.now() / 1000), expiresInS: 60 });
    expect((await v.check(`Bearer ${token}`)).kind).toBe('valid');
    clock.advance(125_000);
    expect((await v.check(`Bearer ${token}`)).kind).toBe('invalid');
  });

  it('keeps a verdict no longer than an access token lives, whatever the token says of its expiry (a key withdrawn stops counting)', async () => {
    const { keys, resolves } = countedKeys();
    const clock = createManualClock(Date.now());
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock, keys });
    const token = await issuer.mint({}, { nowS: Math.floor(clock.now() / 1000), expiresInS: 86_400 });
    expect((await v.check(`Bearer ${token}`)).kind).toBe('valid');
    clock.advance(KEEP_VERDICT_AT_MOST_MS - 1_000);
    expect((await v.check(`Bearer ${token}`)).kind).toBe('valid');
    expect(resolves()).toBe(1);
    clock.advance(2_000);
    await v.check(`Bearer ${token}`);
    expect(resolves()).toBe(2);
  });

  it('keeps its cache within the configured size', async () => {
    const { keys, resolves } = countedKeys();
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock, keys, cacheSize: 2 });
    const [a, b, c] = await Promise.all([issuer.mint({ sub: 'a' }), issuer.mint({ sub: 'b' }), issuer.mint({ sub: 'c' })]);
    for (const t of [a, b, c, a]) await v.check(`Bearer ${t}`);
    // a was evicted by c, so it is verified again.
    expect(resolves()).toBe(4);
  });

  it('keeps a token in use in its cache: one answered within the last second is not the first evicted', async () => {
    const { keys, resolves } = countedKeys();
    const clock = createManualClock(Date.now());
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock, keys, cacheSize: 2 });
    const nowS = Math.floor(clock.now() / 1000);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((sub) => issuer.mint({ sub }, { nowS, expiresInS: 600 })));
    await v.check(`Bearer ${a}`);
    await v.check(`Bearer ${b}`);
    clock.advance(1_500);
    // a is used again: it becomes the youngest, so c evicts b.
    expect((await v.check(`Bearer ${a}`)).kind).toBe('valid');
    await v.check(`Bearer ${c}`);
    expect(resolves()).toBe(3);
    await v.check(`Bearer ${a}`);
    expect(resolves()).toBe(3);
    await v.check(`Bearer ${b}`);
    expect(resolves()).toBe(4);
  });

  it('answers a malformed header as invalid every time, and never from a cache', async () => {
    const v = createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock });
    for (let i = 0; i < 3; i++) expect(await v.check('Bearer not-a-jws')).toEqual({ kind: 'invalid', reason: 'malformed Authorization header' });
  });
});
