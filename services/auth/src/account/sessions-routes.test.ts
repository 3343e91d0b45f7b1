import { describe, expect, it } from 'bun:test';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { createStaff } from '../testing/staff-fixture.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Three sessions of one staff account, signed in from three browsers. */
async function threeSessions() {
  const t = await createAuthUnderTest();
  const pm = await createStaff(t.deps);
  const signIn = async (ua: string) =>
    (await t.call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password }, headers: { 'user-agent': ua } })).body.data;
  const sessions = [await signIn('Firefox/130'), await signIn('Safari/18'), await signIn('curl/8')];
  const ids: string[] = [];
  for (const s of sessions) ids.push((await t.call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.sessionId as string);
  return { ...t, pm, sessions, ids };
}

describe('the session list', () => {
  it('lists the caller’s live sessions with sign-in time, last use, user agent and which is current', async () => {
    const { call, sessions, ids, clock } = await threeSessions();
    clock.advance(120_000);
    const res = await call('GET', '/account/sessions', { headers: bearer(sessions[1]?.accessToken) });
    expect(res.status).toBe(200);
    const list = res.body.data as { id: string; userAgent: string; current: boolean; createdAt: string; lastUsedAt: string }[];
    expect(list.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(list.find((s) => s.current)?.id).toBe(ids[1]);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.userAgent).sort()).toEqual(['Firefox/130', 'Safari/18', 'curl/8']);
    const current = list.find((s) => s.current);
    // The list call itself counts as use (written at most once a minute).
    expect(Date.parse(current?.lastUsedAt ?? '')).toBe(clock.now());
    expect(Date.parse(current?.createdAt ?? '')).toBeLessThan(clock.now());
  });

  it('shows no other person’s sessions and no ended ones', async () => {
    const { call, sessions, ids, deps } = await threeSessions();
    const other = await createStaff(deps);
    await call('POST', '/auth/staff-password-login', { body: { identifier: other.email, password: other.password } });
    await call('POST', '/account/sign-out', { headers: bearer(sessions[2]?.accessToken) });
    const list = (await call('GET', '/account/sessions', { headers: bearer(sessions[0]?.accessToken) })).body.data as { id: string }[];
    expect(list.map((s) => s.id).sort()).toEqual([ids[0] ?? '', ids[1] ?? ''].sort());
  });
});

describe('ending sessions', () => {
  it('ends one session by id: its refresh and access tokens stop working, the others keep going', async () => {
    const { call, sessions, ids } = await threeSessions();
    const res = await call('DELETE', `/account/sessions/${ids[2]}`, { headers: bearer(sessions[0]?.accessToken) });
    expect(res.status).toBe(200);
    expect((await call('GET', '/account/me', { headers: bearer(sessions[2]?.accessToken) })).status).toBe(401);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: sessions[2]?.refreshToken } })).status).toBe(400);
    expect((await call('GET', '/account/me', { headers: bearer(sessions[1]?.accessToken) })).status).toBe(200);
  });

  it('answers 404 SESSION_NOT_FOUND for an ended, unknown or foreign session id', async () => {
    const { call, sessions, ids, deps } = await threeSessions();
    const stranger = await createStaff(deps);
    const theirs = (await call('POST', '/auth/staff-password-login', { body: { identifier: stranger.email, password: stranger.password } })).body.data;
    await call('DELETE', `/account/sessions/${ids[2]}`, { headers: bearer(sessions[0]?.accessToken) });
    for (const id of [ids[2], 'no-such-session']) {
      const res = await call('DELETE', `/account/sessions/${id}`, { headers: bearer(sessions[0]?.accessToken) });
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('SESSION_NOT_FOUND');
    }
    // A stranger cannot end this account's sessions by their ids.
    const foreign = await call('DELETE', `/account/sessions/${ids[0]}`, { headers: bearer(theirs.accessToken) });
    expect(foreign.body.error?.code).toBe('SESSION_NOT_FOUND');
    expect((await call('GET', '/account/me', { headers: bearer(sessions[0]?.accessToken) })).status).toBe(200);
  });

  for (const [scope, survivors] of [
    ['current', [false, true, true]],
    ['others', [true, false, false]],
    ['all', [false, false, false]],
  ] as const) {
    it(`signs out with scope ${scope}`, async () => {
      const { call, sessions } = await threeSessions();
      const res = await call('POST', '/account/sign-out', { headers: bearer(sessions[0]?.accessToken), body: { scope } });
      expect(res.status).toBe(200);
      expect(res.body.data.revoked).toBe(survivors.filter((alive) => !alive).length);
      const alive = [];
      for (const s of sessions) alive.push((await call('POST', '/auth/refresh', { body: { refreshToken: s.refreshToken } })).status === 200);
      expect(alive).toEqual([...survivors]);
    });
  }

  it('lets exactly one of many concurrent sign-outs of one session count it', async () => {
    const { call, sessions } = await threeSessions();
    const results = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/account/sign-out', { headers: bearer(sessions[0]?.accessToken) })));
    const revoked = results.filter((r) => r.status === 200).map((r) => r.body.data.revoked as number);
    expect(revoked.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
