/**
 * Staff accounts end to end on real processes, through the gateway: the bootstrap admin invites a
 * PM linked to a seeded talent profile (checked by auth over HTTP), the PM sets a password from
 * the mailed link (the dev outbox in auth's log), signs in with a `pid` claim, and is refused by
 * the gateway within 5 s of the admin deactivating the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { decodeJwt } from 'jose';
import { pollUntil, type RunningSystem, startSystem } from './support/system.ts';

const admin = { email: 'e2e-admin@talent.example', password: 'correct horse battery staple' };
let sys: RunningSystem;

beforeAll(async () => {
  sys = await startSystem({
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
    RESET_URL_BASE: 'https://talent.example/set-password',
    // argon2id on a shared, busy test machine can take seconds.
    UPSTREAM_TIMEOUT_MS: '20000',
  });
}, 60_000);
afterAll(async () => {
  await sys?.stop();
});

const api = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
  fetch(`${sys.gateway}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const data = async (res: Response) => {
  const body = (await res.json()) as { data?: any; error?: unknown };
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body.error)}`);
  return body.data;
};

describe('an admin invites a PM who signs in', () => {
  it('links the profile, mails a set-password link, signs the PM in with pid, and deactivation ends the session at the gateway', async () => {
    const adminToken = (await data(await api('/auth/staff-password-login', { body: { identifier: admin.email, password: admin.password } }))).accessToken;
    const profile = await data(await api('/pm/priya-raghavan/profile'));
    expect(profile.id).toBeString();

    const invited = await api('/account/staff', { token: adminToken, body: { email: 'Priya@Talent.example', role: 'pm', profileId: 'priya-raghavan' } });
    expect(invited.status).toBe(201);
    const { account } = await data(invited);
    expect(account).toMatchObject({ email: 'priya@talent.example', role: 'pm', profileId: profile.id, status: 'invited' });
    // A customer or the PM cannot administer staff: the gateway refuses before auth sees it.
    const guest = (await data(await api('/auth/guest-access', { method: 'POST' }))).accessToken;
    expect((await api('/account/staff', { token: guest })).status).toBe(403);

    const mail = await sys.waitForLog((l) => l.msg === 'mail (dev outbox)' && l.to === 'priya@talent.example');
    const token = new URL(String(String(mail.text).match(/https:\S+/)?.[0])).searchParams.get('token');
    expect((await api('/auth/reset-password', { body: { token, newPassword: 'priya has a long passphrase' } })).status).toBe(200);

    const session = await data(
      await api('/auth/staff-password-login', { body: { identifier: 'priya@talent.example', password: 'priya has a long passphrase' } }),
    );
    expect(decodeJwt(session.accessToken)).toMatchObject({ role: 'pm', pid: profile.id });
    expect(await data(await api('/account/me', { token: session.accessToken }))).toMatchObject({ role: 'pm', profileId: profile.id });
    const listed = await data(await api('/account/staff?role=pm', { token: adminToken }));
    expect(listed.find((a: { id: string }) => a.id === account.id)?.status).toBe('active');

    expect((await api(`/account/staff/${account.id}/deactivate`, { token: adminToken, method: 'POST' })).status).toBe(200);
    const deactivatedAt = Date.now();
    // The PM's unexpired access token is refused at the gateway itself (bookings is a protected prefix) within 5 s.
    const after = await pollUntil(
      async () => ((await api('/bookings', { token: session.accessToken })).status === 401 ? Date.now() - deactivatedAt : undefined),
      5_000,
      'the deactivated PM refused at the gateway',
    );
    expect(after).toBeLessThan(5_000);
    expect((await api('/auth/staff-password-login', { body: { identifier: 'priya@talent.example', password: 'priya has a long passphrase' } })).status).toBe(
      400,
    );
  });
});
