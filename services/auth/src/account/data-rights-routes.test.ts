import { afterAll, describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import { createLeases } from '@tm/shared/store';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { decodeJwt } from 'jose';
import { createHttpAccountPeer } from '../peers/account-peers.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { startBookingsPeer } from '../testing/bookings-peer.ts';
import { signInCustomer } from '../testing/customer-fixture.ts';
import { createStaff } from '../testing/staff-fixture.ts';
import { buildAccountDeletion, runErasureRound } from './erasure-worker.ts';

const bookings = startBookingsPeer();
afterAll(() => bookings.stop());
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function setup() {
  bookings.state.down = false;
  const t = await createAuthUnderTest({
    accountPeers: [
      createHttpAccountPeer({ service: 'bookings', url: bookings.url, timeoutMs: 1000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL }),
    ],
  });
  const s = await signInCustomer(t.call, t.logger);
  return { ...t, s, userId: s.user.id };
}

describe('GET /account/export', () => {
  it('answers auth’s records and bookings’ part as one document', async () => {
    const { call, s, userId } = await setup();
    bookings.state.bookings.set(userId, [{ id: 'b1', status: 'completed', contact: { email: 'a@example.test' } }]);
    await call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { name: 'Ada', email: 'ada@example.test' } });
    const res = await call('GET', '/account/export', { headers: { ...bearer(s.accessToken), 'user-agent': 'x' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const doc = res.body.data;
    expect(doc.auth.account).toMatchObject({ id: userId, kind: 'customer', name: 'Ada' });
    expect(doc.auth.account.mobile).toMatch(/^\+49/);
    expect(doc.auth.account.passwordHash).toBeUndefined();
    expect(doc.auth.pendingEmail).toBe('ada@example.test');
    expect(doc.auth.sessions.map((x: { id: string }) => x.id)).toContain(decodeJwt(s.accessToken).sid);
    expect(doc.services).toEqual([
      { service: 'bookings', data: { bookings: [{ id: 'b1', status: 'completed', contact: { email: 'a@example.test' } }], payments: [] } },
    ]);
  });

  it('answers 503 rather than a document missing a service’s part', async () => {
    const { call, s } = await setup();
    bookings.state.down = true;
    const res = await call('GET', '/account/export', { headers: bearer(s.accessToken) });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('keeps out password hashes for staff and guests altogether', async () => {
    const { call, deps } = await setup();
    const pm = await createStaff(deps);
    const staff = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data;
    const res = await call('GET', '/account/export', { headers: bearer(staff.accessToken) });
    expect(res.body.data.auth.account).toMatchObject({ id: pm._id, kind: 'staff', email: pm.email });
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    expect((await call('GET', '/account/export', { headers: bearer(guest.accessToken) })).status).toBe(403);
  });
});

describe('DELETE /account', () => {
  it('erases the person everywhere: bookings asked, sessions revoked, profile and identities gone', async () => {
    const { call, s, userId, logger, clock } = await setup();
    clock.advance(31_000); // the resend cooldown
    const other = await signInCustomer(call, logger, (await call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.mobile);
    const res = await call('DELETE', '/account', { headers: bearer(s.accessToken) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'deleted' });
    expect(bookings.state.erased).toContain(userId);
    for (const t of [s, other]) {
      expect((await call('GET', '/account/me', { headers: bearer(t.accessToken) })).status).toBe(401);
      expect((await call('POST', '/auth/refresh', { body: { refreshToken: t.refreshToken } })).status).toBe(400);
    }
    const feed = (await call('GET', '/internal/revocations?since=0')).body.data.revoked.map((r: { sid: string }) => r.sid);
    expect(feed).toEqual(expect.arrayContaining([decodeJwt(s.accessToken).sid, decodeJwt(other.accessToken).sid]));
  });

  it('needs a sign-in within the last 10 minutes (403 REAUTHENTICATION_REQUIRED), however often the token was refreshed', async () => {
    const { call, s, clock } = await setup();
    clock.advance(11 * 60_000);
    const fresh = (await call('POST', '/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.data.accessToken;
    const res = await call('DELETE', '/account', { headers: bearer(fresh) });
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('REAUTHENTICATION_REQUIRED');
    expect((await call('GET', '/account/me', { headers: bearer(fresh) })).status).toBe(200);
  });

  it('refuses with 409 ACCOUNT_HAS_ACTIVE_BOOKINGS while a booking is active, changing nothing', async () => {
    const { call, s, userId } = await setup();
    bookings.state.bookings.set(userId, [{ id: 'b2', status: 'paid' }]);
    const res = await call('DELETE', '/account', { headers: bearer(s.accessToken) });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('ACCOUNT_HAS_ACTIVE_BOOKINGS');
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).status).toBe(200);
  });

  it('two replicas running the erasure round at once: one runs it under the lease, bookings is asked once', async () => {
    const { call, s, userId, deps, clock } = await setup();
    bookings.state.down = true;
    expect((await call('DELETE', '/account', { headers: bearer(s.accessToken) })).status).toBe(202);
    bookings.state.down = false;
    clock.advance(deps.accountErasureRetryMs + 1);
    const replicas = ['a', 'b'].map((owner) => ({
      deletion: buildAccountDeletion(deps),
      leases: createLeases(deps.documents, { owner, now: () => clock.now() }),
    }));
    const rounds = await Promise.all(replicas.map((r) => runErasureRound(r.deletion, r.leases)));
    expect(rounds.filter((r) => r === null)).toHaveLength(1);
    expect(rounds.find((r) => r !== null)).toEqual([{ status: 'deleted' }]);
    expect(bookings.state.erased.filter((id) => id === userId)).toHaveLength(1);
  });

  it('finishes in the background when bookings was away: pending, unusable meanwhile, deleted once bookings confirms', async () => {
    const { call, s, userId, deps, clock, logger } = await setup();
    const mobile = (await call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.mobile;
    bookings.state.down = true;
    const res = await call('DELETE', '/account', { headers: bearer(s.accessToken) });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ status: 'pending', pending: ['bookings'] });
    expect((await call('GET', '/account/me', { headers: bearer(s.accessToken) })).status).toBe(401);
    const worker = buildAccountDeletion(deps);
    expect(await worker.retryDue()).toEqual([]); // not due yet
    // Signing in again is refused while the deletion waits.
    clock.advance(31_000); // the resend cooldown
    await call('POST', '/auth/send-otp', { body: { mobile } });
    const otp = String(logger.lines.filter((l) => l.to === mobile).at(-1)?.text).match(/\b(\d{6})\b/)?.[1];
    const again = await call('POST', '/auth/verify-otp', { body: { mobile, otp } });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ACCOUNT_DELETION_PENDING');
    // Due (the 31 s above) but bookings still away, then done.
    expect(await worker.retryDue()).toEqual([{ status: 'pending', pending: ['bookings'] }]);
    bookings.state.down = false;
    clock.advance(deps.accountErasureRetryMs);
    expect(await worker.retryDue()).toEqual([{ status: 'deleted' }]);
    expect(bookings.state.erased).toContain(userId);
    expect(await worker.retryDue()).toEqual([]);
    // The mobile signs up afresh: a new customer, not the deleted one.
    clock.advance(31_000);
    await call('POST', '/auth/send-otp', { body: { mobile } });
    const otp2 = String(logger.lines.filter((l) => l.to === mobile).at(-1)?.text).match(/\b(\d{6})\b/)?.[1];
    const reborn = await call('POST', '/auth/verify-otp', { body: { mobile, otp: otp2 } });
    expect(reborn.status).toBe(200);
    expect(reborn.body.data.user.id).not.toBe(userId);
  });

  it('asks every service in order, bookings first, sending the confirmed email and the mobile (never an unconfirmed email)', async () => {
    const growth = startBookingsPeer();
    try {
      const t = await createAuthUnderTest({
        accountPeers: [
          createHttpAccountPeer({ service: 'bookings', url: bookings.url, timeoutMs: 1000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL }),
          createHttpAccountPeer({ service: 'growth', url: growth.url, timeoutMs: 1000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL }),
        ],
      });
      bookings.state.down = false;
      const s = await signInCustomer(t.call, t.logger);
      const userId = s.user.id;
      const mobile = (await t.call('GET', '/account/me', { headers: bearer(s.accessToken) })).body.data.mobile;
      await t.call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'Ada@Example.test' } });
      const link = String(t.logger.lines.filter((l) => l.to === 'ada@example.test').at(-1)?.text).match(/https:\S+/)?.[0] ?? '';
      await t.call('POST', '/auth/confirm-email', { body: { token: new URL(link).searchParams.get('token') } });
      // A later change that is never confirmed: not the person's address yet.
      await t.call('PATCH', '/account/me', { headers: bearer(s.accessToken), body: { email: 'someone-else@example.test' } });

      // Bookings refuses: nobody else is asked.
      bookings.state.bookings.set(userId, [{ id: 'b3', status: 'paid' }]);
      expect((await t.call('DELETE', '/account', { headers: bearer(s.accessToken) })).status).toBe(409);
      expect(growth.state.erasedWith.has(userId)).toBe(false);

      bookings.state.bookings.set(userId, [{ id: 'b3', status: 'completed' }]);
      expect((await t.call('DELETE', '/account', { headers: bearer(s.accessToken) })).status).toBe(200);
      for (const peer of [bookings, growth]) expect(peer.state.erasedWith.get(userId)).toEqual({ emails: ['ada@example.test'], mobile });
    } finally {
      growth.stop();
    }
  });

  it('is idempotent under concurrent calls: each answers deleted or 401, the person is erased once in effect', async () => {
    const { call, s, userId } = await setup();
    const results = await Promise.all(Array.from({ length: 5 }, () => call('DELETE', '/account', { headers: bearer(s.accessToken) })));
    for (const r of results) expect([200, 401]).toContain(r.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(bookings.state.erased).toContain(userId);
  });

  it('keeps staff and guests out (403 FORBIDDEN)', async () => {
    const { call, deps } = await setup();
    const pm = await createStaff(deps);
    const staff = (await call('POST', '/auth/staff-password-login', { body: { identifier: pm.email, password: pm.password } })).body.data;
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    for (const t of [staff, guest]) expect((await call('DELETE', '/account', { headers: bearer(t.accessToken) })).body.error?.code).toBe('FORBIDDEN');
  });
});
