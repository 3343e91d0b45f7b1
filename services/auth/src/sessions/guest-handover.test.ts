import { describe, expect, it } from 'bun:test';
import { GUEST_SESSION_CHECK_PATH, GUEST_SESSION_END_PATH } from '@tm/contracts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { signInCustomer } from '../testing/customer-fixture.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("a guest session's hand-over (POST /bookings/claim at bookings)", () => {
  it('names the guest of a live session, and refuses it once the guest signed out, as refresh does', async () => {
    const { call } = await createAuthUnderTest();
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    const live = await call('POST', GUEST_SESSION_CHECK_PATH, { body: { refreshToken: guest.refreshToken } });
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ guestId: guest.user.id, sessionId: expect.any(String) });
    expect((await call('POST', '/account/sign-out', { headers: bearer(guest.accessToken) })).status).toBe(200);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: guest.refreshToken } })).body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    const after = await call('POST', GUEST_SESSION_CHECK_PATH, { body: { refreshToken: guest.refreshToken } });
    expect(after.status).toBe(400);
    expect(after.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
  });

  it("refuses an access token, a customer's refresh token, an expired and a forged one", async () => {
    const { call, clock, logger } = await createAuthUnderTest();
    const old = (await call('POST', '/auth/guest-access')).body.data;
    clock.advance(31 * 24 * 60 * 60_000);
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    const customer = await signInCustomer(call, logger);
    for (const refreshToken of [guest.accessToken, `${guest.refreshToken.slice(0, -4)}AAAA`, customer.refreshToken, old.refreshToken, 'not-a-token']) {
      const res = await call('POST', GUEST_SESSION_CHECK_PATH, { body: { refreshToken } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('ends the session it proves, once: its refresh token and access tokens stop working', async () => {
    const { call } = await createAuthUnderTest();
    const guest = (await call('POST', '/auth/guest-access')).body.data;
    const other = (await call('POST', '/auth/guest-access')).body.data;
    const ended = await Promise.all(Array.from({ length: 5 }, () => call('POST', GUEST_SESSION_END_PATH, { body: { refreshToken: guest.refreshToken } })));
    expect(ended.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ended.filter((r) => r.body.data.ended)).toHaveLength(1);
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: guest.refreshToken } })).status).toBe(400);
    expect((await call('GET', '/account/me', { headers: bearer(guest.accessToken) })).status).toBe(401);
    expect((await call('POST', GUEST_SESSION_CHECK_PATH, { body: { refreshToken: guest.refreshToken } })).status).toBe(400);
    // Another guest's session lives on.
    expect((await call('POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(200);
  });

  it('answers 400 VALIDATION_FAILED for a body without a token', async () => {
    const { call } = await createAuthUnderTest();
    for (const body of [{}, { refreshToken: '' }, { refreshToken: 7 }]) {
      expect((await call('POST', GUEST_SESSION_CHECK_PATH, { body })).body.error?.code).toBe('VALIDATION_FAILED');
    }
  });
});
