import { afterAll, describe, expect, it } from 'bun:test';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { createStaffRepository } from '../staff/staff-repository.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { createStaff } from '../testing/staff-fixture.ts';
import { generateSigningKey, importPreviousPublicKeys } from '../tokens/keys.ts';

const redis = redisKeyValueStoreUnderTest('auth');
afterAll(() => redis.cleanup());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('guest sessions', () => {
  it('issues a guest AuthSession without a body', async () => {
    const { call } = await createAuthUnderTest();
    const res = await call('POST', '/auth/guest-access');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, user: { role: 'guest' } });
    const me = await call('GET', '/account/me', { headers: bearer(res.body.data.accessToken) });
    expect(me.body.data).toMatchObject({ id: res.body.data.user.id, role: 'guest' });
    expect(me.body.data.email).toBeUndefined();
  });

  it('ignores any body sent to guest-access, even malformed JSON', async () => {
    const { call } = await createAuthUnderTest();
    for (const raw of ['{bad', '"x"', '']) expect((await call('POST', '/auth/guest-access', { raw })).status).toBe(200);
  });

  for (const kind of ['embedded', 'redis'] as const) {
    it(`caps guest sessions at 30 per client IP per hour with 429 GUEST_LIMIT (${kind})`, async () => {
      const { call } = await createAuthUnderTest(kind === 'redis' ? { keyValue: redis.store } : {});
      const ip = { 'x-forwarded-for': crypto.randomUUID() };
      const results = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/auth/guest-access', { headers: ip })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const res = await call('POST', '/auth/guest-access', { headers: ip });
      expect(res.status).toBe(429);
      expect(res.body.error?.code).toBe('GUEST_LIMIT');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await call('POST', '/auth/guest-access', { headers: { 'x-forwarded-for': crypto.randomUUID() } })).status).toBe(200);
    });
  }

  it('counts the entry the gateway appended, so a spoofed X-Forwarded-For buys nothing', async () => {
    const { call } = await createAuthUnderTest();
    const real = crypto.randomUUID();
    for (let i = 0; i < 30; i++) await call('POST', '/auth/guest-access', { headers: { 'x-forwarded-for': `spoof-${i}, ${real}` } });
    const res = await call('POST', '/auth/guest-access', { headers: { 'x-forwarded-for': `spoof-x, ${real}` } });
    expect(res.status).toBe(429);
  });

  it('keeps a guest out of staff-only operations with 403 FORBIDDEN', async () => {
    const { call } = await createAuthUnderTest();
    const guest = await call('POST', '/auth/guest-access');
    const res = await call('POST', '/account/change-password', {
      headers: bearer(guest.body.data.accessToken),
      body: { currentPassword: 'x', newPassword: 'long enough passphrase' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('FORBIDDEN');
  });
});

describe('tokens and the JWKS', () => {
  it('publishes the Ed25519 public key that verifies issued tokens, with every claim', async () => {
    const { call } = await createAuthUnderTest();
    const jwks = await call('GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    const [key] = jwks.body.keys as Record<string, string>[];
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(key?.d).toBeUndefined();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    expect(decodeProtectedHeader(session.accessToken)).toMatchObject({ alg: 'EdDSA', kid: key?.kid });
    const { payload } = await jwtVerify(session.accessToken, createLocalJWKSet(jwks.body as never), {
      algorithms: ['EdDSA'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'role', 'sid', 'sub', 'typ']);
    expect(payload).toMatchObject({ typ: 'access', role: 'guest', sub: session.user.id });
  });
});

describe('signing key rotation', () => {
  it('publishes the new and the previous key, and keeps sessions signed before the rotation working', async () => {
    const before = await createAuthUnderTest();
    const session = (await before.call('POST', '/auth/guest-access')).body.data;
    const previous = await importPreviousPublicKeys(JSON.stringify({ keys: [before.deps.signingKey.publicJwk] }), await generateSigningKey());
    // The same stores and clock, a new signing key: what a restart with a rotated key looks like.
    const after = await createAuthUnderTest({
      documents: before.deps.documents,
      keyValue: before.deps.keyValue,
      clock: before.clock,
      previousPublicKeys: previous,
    });
    const jwks = (await after.call('GET', '/.well-known/jwks.json')).body.keys as { kid: string }[];
    expect(jwks.map((k) => k.kid)).toEqual([after.deps.signingKey.kid, before.deps.signingKey.kid]);
    expect((await after.call('GET', '/account/me', { headers: bearer(session.accessToken) })).status).toBe(200);
    const refreshed = await after.call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(decodeProtectedHeader(refreshed.body.data.accessToken).kid).toBe(after.deps.signingKey.kid);
    // Without the previous key configured, the old session's tokens are refused.
    const forgetful = await createAuthUnderTest({ documents: before.deps.documents, keyValue: before.deps.keyValue, clock: before.clock });
    expect((await forgetful.call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('refresh', () => {
  it('exchanges a refresh token for a new access token, and only that field', async () => {
    const { call, clock } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    clock.advance(20 * 60_000);
    expect((await call('GET', '/account/me', { headers: bearer(session.accessToken) })).status).toBe(401);
    const res = await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['accessToken']);
    expect((await call('GET', '/account/me', { headers: bearer(res.body.data.accessToken) })).status).toBe(200);
  });

  it('refuses an access token, a tampered token and garbage with 400 INVALID_REFRESH_TOKEN', async () => {
    const { call } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    const [h, p, s] = (session.refreshToken as string).split('.');
    const payload = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url')}.${s}`;
    for (const refreshToken of [session.accessToken, tampered, 'garbage']) {
      const res = await call('POST', '/auth/refresh', { body: { refreshToken } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('refuses a token signed by another auth instance (another key)', async () => {
    const a = await createAuthUnderTest();
    const b = await createAuthUnderTest({ clock: a.clock });
    const session = (await b.call('POST', '/auth/guest-access')).body.data;
    expect((await a.call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('signs out the current session without a body, and refuses a body that is not a scope with 400', async () => {
    const { call } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    const out = await call('POST', '/account/sign-out', { headers: bearer(session.accessToken) });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ updated: true, revoked: 1 });
    for (const [raw, type, code] of [
      ['{x', 'application/json', 'MALFORMED_JSON'],
      ['bye', 'text/plain', 'UNSUPPORTED_CONTENT_TYPE'],
      ['{"scope":"everything"}', 'application/json', 'VALIDATION_FAILED'],
    ]) {
      const other = (await call('POST', '/auth/guest-access')).body.data;
      const res = await call('POST', '/account/sign-out', { raw, headers: { ...bearer(other.accessToken), 'content-type': type as string } });
      expect({ type, status: res.status, code: res.body.error?.code }).toEqual({ type, status: 400, code });
      expect((await call('GET', '/account/me', { headers: bearer(other.accessToken) })).status).toBe(200);
    }
  });

  it('refuses a refresh token of a revoked session (sign-out)', async () => {
    const { call } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    const out = await call('POST', '/account/sign-out', { headers: bearer(session.accessToken) });
    expect(out.status).toBe(200);
    const res = await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await call('GET', '/account/me', { headers: bearer(session.accessToken) })).status).toBe(401);
  });

  it('refuses a refresh token after 30 days', async () => {
    const { call, clock } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    clock.advance(30 * 24 * 3600_000 + 120_000);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('gives staff a token with their current role', async () => {
    const { call, deps } = await createAuthUnderTest();
    const admin = await createStaff(deps, { role: 'admin' });
    const session = (await call('POST', '/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } })).body.data;
    const res = await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } });
    const me = await call('GET', '/account/me', { headers: bearer(res.body.data.accessToken) });
    expect(me.body.data).toMatchObject({ id: admin._id, role: 'admin', email: admin.email });
  });
});

describe('account', () => {
  it('answers 401 UNAUTHORIZED without a token, with a refresh token or with a malformed header', async () => {
    const { call } = await createAuthUnderTest();
    const session = (await call('POST', '/auth/guest-access')).body.data;
    for (const headers of [{} as Record<string, string>, bearer(session.refreshToken), { authorization: session.accessToken }, bearer('x.y.z')]) {
      const res = await call('GET', '/account/me', { headers });
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('UNAUTHORIZED');
    }
  });

  it('lets staff change their password, keeping this session with fresh tokens and ending the others', async () => {
    const { call, deps } = await createAuthUnderTest();
    const pm = await createStaff(deps);
    const login = () => call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } });
    const session = (await login()).body.data;
    const other = (await login()).body.data;
    const wrong = await call('POST', '/account/change-password', {
      headers: bearer(session.accessToken),
      body: { currentPassword: 'not it at all', newPassword: 'long enough passphrase' },
    });
    expect(wrong.body.error?.code).toBe('INVALID_CREDENTIALS');
    const sessionIdBefore = (await call('GET', '/account/me', { headers: bearer(session.accessToken) })).body.data.sessionId;
    const res = await call('POST', '/account/change-password', {
      headers: bearer(session.accessToken),
      body: { currentPassword: pm.password, newPassword: 'long enough passphrase' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tokenType: 'Bearer', user: { id: pm._id, role: 'pm' } });
    const fresh = res.body.data;
    // The kept session: same id, new tokens; its old refresh token is spent.
    const me = await call('GET', '/account/me', { headers: bearer(fresh.accessToken) });
    expect(me.body.data.sessionId).toBe(sessionIdBefore);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(400);
    // The other session is over, access and refresh alike.
    expect((await call('GET', '/account/me', { headers: bearer(other.accessToken) })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(400);
    expect((await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: 'long enough passphrase' } })).status).toBe(200);
  });

  it('ends sessions by the credentials version alone, even when the revocation writes never happen', async () => {
    const { call, deps } = await createAuthUnderTest();
    const pm = await createStaff(deps);
    const session = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data;
    // Only the password update lands (a step-down before revokeAllFor): the session is dead anyway.
    await createStaffRepository(deps.documents).setPasswordHash(pm._id, await deps.passwords.hash('another long passphrase'), new Date(deps.clock.now()));
    expect((await call('GET', '/account/me', { headers: bearer(session.accessToken) })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: session.refreshToken } })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('keeps customers out of staff-only operations with 403 FORBIDDEN', async () => {
    const { call, logger } = await createAuthUnderTest();
    const mobile = '+971501234567';
    await call('POST', '/auth/send-otp', { body: { mobile } });
    const otp = String(logger.lines.find((l) => l.to === mobile)?.text).slice(0, 6);
    const session = (await call('POST', '/auth/verify-otp', { body: { mobile, otp } })).body.data;
    const res = await call('POST', '/account/change-password', {
      headers: bearer(session.accessToken),
      body: { currentPassword: 'x', newPassword: 'long enough passphrase' },
    });
    expect(res.status).toBe(403);
  });
});
