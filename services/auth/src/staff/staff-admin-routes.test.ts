import { describe, expect, it } from 'bun:test';
import { decodeJwt } from 'jose';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { createStaff } from '../testing/staff-fixture.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Auth with one signed-in admin. */
async function withAdmin() {
  const t = await createAuthUnderTest();
  const admin = await createStaff(t.deps, { role: 'admin' });
  const session = (await t.call('POST', '/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } })).body.data;
  const invite = (body: Record<string, unknown>) => t.call('POST', '/account/staff', { headers: bearer(session.accessToken), body });
  /** The set-password token mailed to `to` last. */
  const tokenMailedTo = (to: string) => {
    const mail = t.logger.lines.filter((l) => l.to === to).at(-1);
    return new URL(String(String(mail?.text).match(/https:\S+/)?.[0])).searchParams.get('token') ?? '';
  };
  return { ...t, admin, adminToken: session.accessToken as string, invite, tokenMailedTo };
}

describe('inviting staff accounts', () => {
  it('invites a PM linked to their profile, who sets a password from the mailed link and signs in with a pid claim', async () => {
    const { call, invite, tokenMailedTo } = await withAdmin();
    const res = await invite({ email: 'New.PM@Example.test', role: 'pm', profileId: 'ada-pm', name: 'Ada' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ invited: true, account: { email: 'new.pm@example.test', role: 'pm', profileId: 'pm-profile-1', status: 'invited' } });
    // No password yet: sign-in fails like any wrong password.
    expect(
      (await call('POST', '/auth/staff-password-login', { body: { identifier: 'new.pm@example.test', password: 'anything at all' } })).body.error?.code,
    ).toBe('INVALID_CREDENTIALS');
    const token = tokenMailedTo('new.pm@example.test');
    expect((await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a fine new passphrase' } })).status).toBe(200);
    expect((await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a fine new passphrase' } })).body.error?.code).toBe(
      'INVALID_RESET_TOKEN',
    );
    const session = await call('POST', '/auth/staff-password-login', { body: { identifier: 'NEW.pm@example.test', password: 'a fine new passphrase' } });
    expect(session.status).toBe(200);
    expect(decodeJwt(session.body.data.accessToken)).toMatchObject({ role: 'pm', pid: 'pm-profile-1' });
    expect(decodeJwt(session.body.data.refreshToken)).toMatchObject({ pid: 'pm-profile-1' });
    const refreshed = await call('POST', '/auth/refresh', { body: { refreshToken: session.body.data.refreshToken } });
    expect(decodeJwt(refreshed.body.data.accessToken).pid).toBe('pm-profile-1');
    const me = await call('GET', '/account/me', { headers: bearer(session.body.data.accessToken) });
    expect(me.body.data).toMatchObject({ role: 'pm', profileId: 'pm-profile-1', name: 'Ada' });
  });

  it('gives admin tokens no pid, and an invitation link stops working after 72 h', async () => {
    const { call, invite, tokenMailedTo, clock } = await withAdmin();
    expect((await invite({ email: 'second-admin@example.test', role: 'admin' })).status).toBe(201);
    const token = tokenMailedTo('second-admin@example.test');
    clock.advance(72 * 60 * 60_000 + 1);
    expect((await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a fine new passphrase' } })).body.error?.code).toBe(
      'INVALID_RESET_TOKEN',
    );
    // A fresh link (forgot-password) still works; its tokens carry no pid.
    await call('POST', '/auth/forgot-password', { body: { email: 'second-admin@example.test' } });
    const fresh = await (async () => {
      for (let i = 0; i < 100; i++) {
        const t = tokenMailedTo('second-admin@example.test');
        if (t !== token) return t;
        await Bun.sleep(0);
      }
      return token;
    })();
    expect((await call('POST', '/auth/reset-password', { body: { token: fresh, newPassword: 'a fine new passphrase' } })).status).toBe(200);
    const s = await call('POST', '/auth/staff-password-login', { body: { identifier: 'second-admin@example.test', password: 'a fine new passphrase' } });
    expect(decodeJwt(s.body.data.accessToken).pid).toBeUndefined();
  });

  it('refuses bad input with 400 and a stable code', async () => {
    const { invite, admin } = await withAdmin();
    expect((await invite({ email: 'taken@example.test', role: 'pm', profileId: 'pm-profile-2' })).status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'x@example.test', role: 'customer', profileId: 'ada-pm' }, 'INVALID_ROLE'],
      [{ email: 'x@example.test', role: 'superuser' }, 'INVALID_ROLE'],
      [{ email: admin.email.toUpperCase(), role: 'admin' }, 'EMAIL_TAKEN'],
      [{ email: 'TAKEN@example.test', role: 'resource', profileId: 'linus-dev' }, 'EMAIL_TAKEN'],
      [{ email: 'x@example.test', role: 'pm', profileId: 'nobody' }, 'UNKNOWN_PROFILE'],
      [{ email: 'x@example.test', role: 'resource', profileId: 'ada-pm' }, 'UNKNOWN_PROFILE'],
      [{ email: 'x@example.test', role: 'pm' }, 'PROFILE_REQUIRED'],
      [{ email: 'x@example.test', role: 'admin', profileId: 'ada-pm' }, 'PROFILE_NOT_ALLOWED'],
      [{ email: 'x@example.test', role: 'pm', profileId: 'grace-pm' }, 'PROFILE_ALREADY_LINKED'],
      [{ email: 'x@example.test', role: 'admin', mobile: '0151 1234' }, 'INVALID_MOBILE'],
      [{ email: 'not-an-email', role: 'admin' }, 'VALIDATION_FAILED'],
      [{ role: 'admin' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) {
      const res = await invite(body);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code });
    }
  });

  it('creates exactly one account when the same email is invited many times at once', async () => {
    const { invite, call, adminToken } = await withAdmin();
    const results = await Promise.all(Array.from({ length: 8 }, () => invite({ email: 'race@example.test', role: 'admin' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error?.code === 'EMAIL_TAKEN')).toBe(true);
    const list = await call('GET', '/account/staff?role=admin', { headers: bearer(adminToken) });
    expect(list.body.data.filter((a: { email: string }) => a.email === 'race@example.test')).toHaveLength(1);
  });

  it('keeps staff administration to admins (403 FORBIDDEN)', async () => {
    const { call, deps } = await withAdmin();
    const pm = await createStaff(deps, { role: 'pm' });
    const pmToken = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data.accessToken;
    const guest = (await call('POST', '/auth/guest-access')).body.data.accessToken;
    for (const token of [pmToken, guest]) {
      expect((await call('POST', '/account/staff', { headers: bearer(token), body: { email: 'y@example.test', role: 'admin' } })).status).toBe(403);
      expect((await call('GET', '/account/staff', { headers: bearer(token) })).status).toBe(403);
      expect((await call('POST', `/account/staff/${pm._id}/deactivate`, { headers: bearer(token) })).status).toBe(403);
    }
  });
});

describe('listing and deactivating staff', () => {
  it('lists staff newest first with a total, filtered by role', async () => {
    const { call, invite, adminToken, clock } = await withAdmin();
    clock.advance(1000);
    await invite({ email: 'r1@example.test', role: 'resource', profileId: 'resource-profile-1' });
    const all = await call('GET', '/account/staff?limit=1', { headers: bearer(adminToken) });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(all.body.data).toHaveLength(1);
    expect(all.body.data[0]).toMatchObject({ email: 'r1@example.test', status: 'invited' });
    expect(all.body.data[0].passwordHash).toBeUndefined();
    const admins = await call('GET', '/account/staff?role=admin', { headers: bearer(adminToken) });
    expect(admins.body.data.map((a: { role: string }) => a.role)).toEqual(['admin']);
    expect((await call('GET', '/account/staff?limit=500', { headers: bearer(adminToken) })).body.error?.code).toBe('VALIDATION_FAILED');
  });

  it('deactivates an account: its sessions end (and reach the revocation feed), sign-in and refresh are refused', async () => {
    const { call, deps, adminToken, admin } = await withAdmin();
    const pm = await createStaff(deps, { role: 'pm' });
    const s = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data;
    const sid = decodeJwt(s.accessToken).sid;
    const res = await call('POST', `/account/staff/${pm._id}/deactivate`, { headers: bearer(adminToken) });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('deactivated');
    expect((await call('POST', `/account/staff/${pm._id}/deactivate`, { headers: bearer(adminToken) })).status).toBe(200);
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: s.refreshToken } })).status).toBe(400);
    expect((await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.error?.code).toBe(
      'INVALID_CREDENTIALS',
    );
    const feed = await call('GET', '/internal/revocations?since=0');
    expect(feed.body.data.revoked.map((r: { sid: string }) => r.sid)).toContain(sid);
    expect((await call('POST', '/account/staff/nobody/deactivate', { headers: bearer(adminToken) })).body.error?.code).toBe('STAFF_NOT_FOUND');
    expect((await call('POST', `/account/staff/${admin._id}/deactivate`, { headers: bearer(adminToken) })).body.error?.code).toBe('CANNOT_DEACTIVATE_SELF');
  });
});
