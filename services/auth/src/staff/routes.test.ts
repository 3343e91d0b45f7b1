import { afterAll, describe, expect, it } from 'bun:test';
import { createSmtpMailer } from '@tm/shared/mail';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { bootstrapAdmin } from '../setup.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { decodeQuotedPrintable, eventually, startSmtpServer } from '../testing/peers.ts';
import { createStaff } from '../testing/staff-fixture.ts';
import { createArgon2idHasher } from './passwords.ts';

const smtp = await startSmtpServer();
const redis = redisKeyValueStoreUnderTest('auth');
afterAll(async () => {
  await smtp.stop();
  await redis.cleanup();
});

const login = (call: Awaited<ReturnType<typeof createAuthUnderTest>>['call'], identifier: string, password: string) =>
  call('POST', '/auth/staff-password-login', { body: { identifier, password } });

let n = 0;
const freshMobile = () => `+1415555${String(n++).padStart(4, '0')}`;

describe('staff password login', () => {
  it('signs staff in by email (any case) and by mobile, with their role', async () => {
    const { call, deps } = await createAuthUnderTest();
    const pm = await createStaff(deps, { email: 'pm.one@staff.example.test', mobile: freshMobile(), role: 'pm' });
    const byEmail = await login(call, 'PM.One@Staff.Example.test', pm.password);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.user).toEqual({ id: pm._id, role: 'pm' });
    const byMobile = await login(call, pm.mobile as string, pm.password);
    expect(byMobile.status).toBe(200);
    expect(byMobile.body.data.user.role).toBe('pm');
  });

  it('answers a wrong password and an unknown identifier identically with 400 INVALID_CREDENTIALS', async () => {
    const { call, deps } = await createAuthUnderTest();
    const pm = await createStaff(deps);
    const wrong = await login(call, pm.email, 'not the password');
    const unknown = await login(call, 'nobody@staff.example.test', 'not the password');
    const unknownMobile = await login(call, '+14155559999', 'not the password');
    for (const res of [wrong, unknown, unknownMobile]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(wrong.body);
    }
    expect(wrong.body.error?.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an identifier that is neither an email nor an E.164 number as INVALID_CREDENTIALS', async () => {
    const { call } = await createAuthUnderTest();
    const res = await login(call, 'not-an-email-or-number', 'whatever-password');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_CREDENTIALS');
  });

  for (const kind of ['embedded', 'redis'] as const) {
    it(`locks an identifier for 15 min after 5 failures, even for the right password (${kind})`, async () => {
      const { call, deps, clock } = await createAuthUnderTest(kind === 'redis' ? { keyValue: redis.store } : {});
      const pm = await createStaff(deps);
      for (let i = 0; i < 5; i++) expect((await login(call, pm.email, 'wrong password!')).body.error?.code).toBe('INVALID_CREDENTIALS');
      const locked = await login(call, pm.email, pm.password);
      expect(locked.status).toBe(429);
      expect(locked.body.error?.code).toBe('LOGIN_LOCKED');
      const retry = Number(locked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(800);
      expect(retry).toBeLessThanOrEqual(900);
      if (kind === 'embedded') {
        clock.advance(15 * 60_000 + 1000);
        expect((await login(call, pm.email, pm.password)).status).toBe(200);
      }
    });
  }

  it('logs failed logins and the lock without the password or the email', async () => {
    const { call, deps, logger } = await createAuthUnderTest();
    const pm = await createStaff(deps);
    for (let i = 0; i < 5; i++) await login(call, pm.email, 'secret guess 123');
    const events = logger.lines.filter((l) => String(l.msg).startsWith('staff login'));
    expect(events.filter((l) => l.msg === 'staff login failed')).toHaveLength(5);
    expect(events.some((l) => l.msg === 'staff login locked')).toBe(true);
    expect(JSON.stringify(logger.lines)).not.toContain('secret guess 123');
    expect(JSON.stringify(events)).not.toContain(pm.email);
  });

  it('locks unknown identifiers the same way, so lockout reveals nothing', async () => {
    const { call } = await createAuthUnderTest();
    for (let i = 0; i < 5; i++) await login(call, 'ghost@staff.example.test', 'wrong password!');
    const res = await login(call, 'ghost@staff.example.test', 'wrong password!');
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('LOGIN_LOCKED');
  });

  it('stops a burst of concurrent guesses at the limit', async () => {
    const { call, deps } = await createAuthUnderTest({ keyValue: redis.store });
    const pm = await createStaff(deps);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(call, pm.email, 'wrong password!')));
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    // The five failures locked it: the right password waits out the 15 min too.
    const after = await login(call, pm.email, pm.password);
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('locks when the attempt at the limit cannot be checked (the hasher fails), as a failure would', async () => {
    const real = createArgon2idHasher({ memoryCost: 1024, timeCost: 1 });
    let failing = false;
    const passwords = { hash: real.hash, verify: (p: string, h: string) => (failing ? Promise.reject(new Error('hasher down')) : real.verify(p, h)) };
    const { call, deps } = await createAuthUnderTest({ passwords });
    const pm = await createStaff(deps);
    for (let i = 0; i < 4; i++) expect((await login(call, pm.email, 'wrong password!')).status).toBe(400);
    failing = true;
    expect((await login(call, pm.email, 'wrong password!')).status).toBeGreaterThanOrEqual(500);
    failing = false;
    const after = await login(call, pm.email, pm.password);
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('never locks on a burst of correct sign-ins: those past the limit retry in a second, and the next one signs in', async () => {
    const { call, deps } = await createAuthUnderTest({ keyValue: redis.store });
    const pm = await createStaff(deps);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(call, pm.email, pm.password)));
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(5);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect({ status: r.status, code: r.body.error?.code, retryAfter: r.headers.get('retry-after') }).toEqual({
        status: 429,
        code: 'LOGIN_LOCKED',
        retryAfter: '1',
      });
    }
    expect((await login(call, pm.email, pm.password)).status).toBe(200);
  });

  it('creates the bootstrap admin once and never overwrites it', async () => {
    const { call, deps } = await createAuthUnderTest();
    const admin = { email: 'Root@Example.test', password: 'first admin password', mobile: '+4915100000001' };
    expect(await bootstrapAdmin(deps, admin)).toBe('created');
    expect(await bootstrapAdmin(deps, { ...admin, password: 'another password!' })).toBe('exists');
    const res = await login(call, 'root@example.test', 'first admin password');
    expect(res.body.data.user.role).toBe('admin');
    expect((await login(call, '+4915100000001', 'first admin password')).status).toBe(200);
  });

  it('lets two replicas starting together both come up: the one that loses the insert finds the admin exists', async () => {
    const { deps } = await createAuthUnderTest();
    const admin = { email: 'race@example.test', password: 'first admin password' };
    const results = await Promise.all([bootstrapAdmin(deps, admin), bootstrapAdmin(deps, admin), bootstrapAdmin(deps, admin)]);
    expect(results.sort()).toEqual(['created', 'exists', 'exists']);
  });
});

describe('password reset', () => {
  const setup = () => createAuthUnderTest({ mailer: createSmtpMailer({ url: smtp.url, from: 'Talent Marketplace <no-reply@example.test>' }) });
  const mailTo = (to: string) => eventually(() => smtp.inbox.find((m) => m.to.includes(to)));
  const linkIn = (raw: string) => {
    const token = decodeQuotedPrintable(raw).match(/https:\/\/app\.example\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error('no reset link in the mail');
    return token;
  };

  it('answers known and unknown emails identically', async () => {
    const { call, deps } = await setup();
    const pm = await createStaff(deps);
    const known = await call('POST', '/auth/forgot-password', { body: { email: pm.email } });
    const unknown = await call('POST', '/auth/forgot-password', { body: { email: 'nobody@staff.example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: { sent: true } });
    expect(unknown.body).toEqual(known.body);
    await mailTo(pm.email);
    expect(smtp.inbox.some((m) => m.to.includes('nobody@staff.example.test'))).toBe(false);
  });

  it('answers before the account lookup and mail are done, so timing reveals nothing', async () => {
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    const { call, deps } = await createAuthUnderTest({
      mailer: { send: async (mail) => blocked.then(() => void sent.push(mail.to)), close: async () => {} },
    });
    const pm = await createStaff(deps);
    const res = await call('POST', '/auth/forgot-password', { body: { email: pm.email } });
    expect(res.body).toEqual({ success: true, data: { sent: true } });
    expect(sent).toEqual([]);
    release();
    await eventually(() => (sent.length > 0 ? sent : undefined));
    expect(sent).toEqual([pm.email]);
  });

  it('mails a link with text and HTML parts; the token resets once, kills old sessions and the new password works', async () => {
    const { call, deps } = await setup();
    const pm = await createStaff(deps, { role: 'resource' });
    const before = await login(call, pm.email, pm.password);
    expect((await call('POST', '/auth/forgot-password', { body: { email: pm.email.toUpperCase() } })).status).toBe(200);
    const mail = await mailTo(pm.email);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('no-reply@example.test');
    const token = linkIn(mail.raw);

    const reset = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a brand new passphrase' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, data: { updated: true } });

    const reuse = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'yet another passphrase' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error?.code).toBe('INVALID_RESET_TOKEN');

    const refresh = await call('POST', '/auth/refresh', { body: { refreshToken: before.body.data.refreshToken } });
    expect(refresh.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    const me = await call('GET', '/account/me', { headers: { authorization: `Bearer ${before.body.data.accessToken}` } });
    expect(me.status).toBe(401);

    expect((await login(call, pm.email, pm.password)).body.error?.code).toBe('INVALID_CREDENTIALS');
    expect((await login(call, pm.email, 'a brand new passphrase')).status).toBe(200);
  });

  it('refuses an expired token after 30 minutes', async () => {
    const { call, deps, clock } = await setup();
    const pm = await createStaff(deps);
    await call('POST', '/auth/forgot-password', { body: { email: pm.email } });
    const token = linkIn((await mailTo(pm.email)).raw);
    clock.advance(30 * 60_000 + 1000);
    const res = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a brand new passphrase' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses a weak new password with 400 WEAK_PASSWORD and keeps the token usable', async () => {
    const { call, deps } = await setup();
    const pm = await createStaff(deps);
    await call('POST', '/auth/forgot-password', { body: { email: pm.email } });
    const token = linkIn((await mailTo(pm.email)).raw);
    const weak = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.code).toBe('WEAK_PASSWORD');
    expect((await call('POST', '/auth/reset-password', { body: { token, newPassword: 'long enough passphrase' } })).status).toBe(200);
  });

  it('refuses made-up tokens with 400 INVALID_RESET_TOKEN', async () => {
    const { call } = await setup();
    for (const token of ['x', 'A'.repeat(43)]) {
      const res = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'long enough passphrase' } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_RESET_TOKEN');
    }
  });

  it('answers a second request for the same address within a minute with 429 RESET_COOLDOWN', async () => {
    const { call } = await setup();
    await call('POST', '/auth/forgot-password', { body: { email: 'someone@example.test' } });
    const res = await call('POST', '/auth/forgot-password', { body: { email: 'someone@example.test' } });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('RESET_COOLDOWN');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a malformed email with 400 VALIDATION_FAILED', async () => {
    const { call } = await setup();
    const res = await call('POST', '/auth/forgot-password', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('VALIDATION_FAILED');
  });
});
