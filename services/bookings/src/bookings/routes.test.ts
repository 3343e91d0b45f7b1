import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest, PM_ANA, PM_BEN } from '../testing/bookings-under-test.ts';

let t: BookingsUnderTest;
beforeEach(async () => {
  t = await createBookingsUnderTest();
});

const cart = { items: [{ serviceId: 'react-developer', hours: 10, qty: 1 }] };

async function newBooking(token: string, body: unknown = cart, headers: Record<string, string> = {}) {
  const res = await t.call('POST', '/bookings', { token, body, headers });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** A booking paid with the dev provider and (optionally) assigned to Ana, with the tokens of everyone involved. */
async function paidBooking() {
  const customer = await t.tokenFor('customer');
  const booking = await newBooking(customer.token);
  const pay = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: booking.id } });
  await t.call('POST', `/payments/${pay.body.data.id}/dev/succeed`, { token: customer.token });
  return { customer, booking };
}

describe('creating bookings', () => {
  it('answers 201 with a pending_payment booking priced by the catalog, expiring with the quote', async () => {
    const { token, sub } = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings', {
      token,
      body: { ...cart, notes: 'Please start Monday', contact: { name: 'Asha', email: 'asha@example.test' } },
      headers: { 'x-country': 'DE' },
    });
    expect(res.status).toBe(201);
    const b = res.body.data;
    expect(b.status).toBe('pending_payment');
    expect(b.number).toMatch(/^BK-[2-9A-HJKMNP-TV-Z]{8}$/);
    expect(b.market).toBe('DE');
    expect(b.currency).toBe('EUR');
    expect(b.total).toBe(b.quote.total);
    expect(b.expiresAt).toBe(b.quote.validUntil);
    expect(b.customerId).toBe(sub);
    expect(b.version).toBe(1);
    expect(b.history).toEqual([{ status: 'pending_payment', at: b.createdAt, by: { id: sub, role: 'customer' }, action: 'create' }]);
    expect(t.catalog.calls).toBe(1);
  });

  it("refuses a contact name that is not one line of printable text, or too long, with 400 VALIDATION_FAILED (it greets the mail's reader)", async () => {
    const { token } = await t.tokenFor('guest');
    for (const name of ['Asha\r\nBcc: x@example.test', 'Asha\nYour account is locked', 'Asha\u0000', 'Asha\u2028more', '\u202eahsA', 'A'.repeat(101)]) {
      const res = await t.call('POST', '/bookings', { token, body: { ...cart, contact: { name, email: 'a@example.test' } } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    await newBooking(token, { ...cart, contact: { name: 'Asha Rao-Müller, Jr. (أشا)', email: 'a@example.test' } });
    await newBooking(token, { ...cart, contact: { name: 'A'.repeat(100) } });
  });

  it('refuses a contact that is not an object (a string, number, null or list) with 400 VALIDATION_FAILED, storing no booking', async () => {
    const { token } = await t.tokenFor('customer');
    for (const contact of ['not an object', '', 12345, -1, null, ['Asha', 1]]) {
      const res = await t.call('POST', '/bookings', { token, body: { ...cart, contact } });
      expect({ contact, status: res.status, code: res.body.error?.code }).toEqual({ contact, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await t.call('GET', '/bookings', { token })).body.data).toEqual([]);
  });

  it('lets guests book too', async () => {
    const { token } = await t.tokenFor('guest');
    await newBooking(token);
  });

  it('never reads amounts from the client', async () => {
    const { token } = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings', { token, body: { ...cart, total: 1 } });
    expect(res.status).toBe(400);
  });

  it('refuses staff with 403 and callers without a token with 401', async () => {
    expect((await t.call('POST', '/bookings', { token: (await t.tokenFor('pm', { pid: PM_ANA.id })).token, body: cart })).status).toBe(403);
    const none = await t.call('POST', '/bookings', { body: cart });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
  });

  it('refuses a refresh token as an access token', async () => {
    const refresh = await t.sign({ sub: 'g1', role: 'guest', sid: 's', typ: 'refresh' });
    expect((await t.call('GET', '/bookings', { token: refresh })).status).toBe(401);
  });

  it('passes the catalog cart errors on as 400s', async () => {
    const { token } = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings', { token, body: { items: [{ serviceId: 'unknown' }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('UNKNOWN_SERVICE');
  });

  it.each([
    ['no items', {}],
    ['empty items', { items: [] }],
    ['too many items', { items: Array.from({ length: 51 }, () => ({ serviceId: 'x' })) }],
    ['bad hours', { items: [{ serviceId: 'x', hours: -1 }] }],
    ['fractional qty', { items: [{ serviceId: 'x', qty: 1.5 }] }],
    ['notes too long', { ...cart, notes: 'x'.repeat(2001) }],
    ['bad email', { ...cart, contact: { email: 'not-an-email' } }],
    ['unknown field', { ...cart, price: 5 }],
    ['an array', [1, 2]],
  ])('answers 400 in the envelope for %s', async (_, body) => {
    const { token } = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error.code).toBe('string');
  });

  it('answers 400 for malformed JSON, an unknown X-Country and a bad Idempotency-Key', async () => {
    const { token } = await t.tokenFor('customer');
    expect((await t.call('POST', '/bookings', { token, raw: '{"items":' })).body.error.code).toBe('MALFORMED_JSON');
    expect((await t.call('POST', '/bookings', { token, body: cart, headers: { 'x-country': 'FR' } })).body.error.code).toBe('INVALID_COUNTRY');
    expect((await t.call('POST', '/bookings', { token, body: cart, headers: { 'idempotency-key': 'x'.repeat(256) } })).body.error.code).toBe(
      'INVALID_IDEMPOTENCY_KEY',
    );
  });
});

describe('reading and listing bookings', () => {
  it("answers 404 BOOKING_NOT_FOUND for another caller's booking and 400 INVALID_ID for a bad id", async () => {
    const a = await t.tokenFor('customer');
    const b = await t.tokenFor('customer');
    const booking = await newBooking(a.token);
    expect((await t.call('GET', `/bookings/${booking.id}`, { token: a.token })).status).toBe(200);
    const other = await t.call('GET', `/bookings/${booking.id}`, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('BOOKING_NOT_FOUND');
    expect((await t.call('GET', '/bookings/nope', { token: a.token })).body.error.code).toBe('INVALID_ID');
  });

  it('lists the callers own bookings newest first with X-Total-Count and Link', async () => {
    const a = await t.tokenFor('customer');
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await newBooking(a.token)).id);
      t.clock.advance(1000);
    }
    await newBooking((await t.tokenFor('customer')).token);
    const res = await t.call('GET', '/bookings?limit=2', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(res.body.data.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    const page2 = await t.call('GET', '/bookings?limit=2&page=2', { token: a.token });
    expect(page2.body.data.map((b: { id: string }) => b.id)).toEqual([ids[0]]);
  });

  it('lists a PM only the bookings assigned to them, and an admin all, filtered by status and pmId', async () => {
    const admin = await t.tokenFor('admin');
    const { booking } = await paidBooking();
    const other = await newBooking((await t.tokenFor('customer')).token);
    await t.call('POST', `/bookings/${booking.id}/assign`, { token: admin.token, body: { pmId: PM_ANA.slug } });
    const ana = await t.tokenFor('pm', { pid: PM_ANA.id });
    const ben = await t.tokenFor('pm', { pid: PM_BEN.id });
    expect((await t.call('GET', '/bookings', { token: ana.token })).body.data.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await t.call('GET', '/bookings', { token: ben.token })).body.data).toEqual([]);
    expect((await t.call('GET', `/bookings/${booking.id}`, { token: ben.token })).status).toBe(404);
    expect((await t.call('GET', '/bookings', { token: admin.token })).headers.get('x-total-count')).toBe('2');
    const pending = await t.call('GET', '/bookings?status=pending_payment', { token: admin.token });
    expect(pending.body.data.map((b: { id: string }) => b.id)).toEqual([other.id]);
    expect((await t.call('GET', `/bookings?pmId=${PM_ANA.id}`, { token: admin.token })).body.data.length).toBe(1);
    expect((await t.call('GET', `/bookings?pmId=${PM_ANA.id}`, { token: ana.token })).status).toBe(403);
  });

  it.each([
    ['page=0', 'INVALID_PAGE'],
    ['page=abc', 'INVALID_PAGE'],
    ['limit=101', 'INVALID_LIMIT'],
    ['limit=-1', 'INVALID_LIMIT'],
    ['status=lost', 'INVALID_STATUS'],
  ])('answers 400 for ?%s', async (q, code) => {
    const res = await t.call('GET', `/bookings?${q}`, { token: (await t.tokenFor('customer')).token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });
});

describe('the guest hand-over (POST /bookings/claim)', () => {
  it("moves the guest's bookings to the customer with the guest's refresh token, then ends the guest session; the new owner's repeat answers the same ids", async () => {
    const guest = await t.guestSession();
    const b1 = await newBooking(guest.token);
    const b2 = await newBooking(guest.token);
    const customer = await t.tokenFor('customer');
    const first = await t.call('POST', '/bookings/claim', { token: customer.token, body: { guestToken: guest.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.data.claimed.sort()).toEqual([b1.id, b2.id].sort());
    expect(t.guests.ended).toEqual([guest.refreshToken]);
    const again = await t.call('POST', '/bookings/claim', { token: customer.token, body: { guestToken: guest.refreshToken } });
    expect(again.status).toBe(200);
    expect(again.body.data.claimed.sort()).toEqual([b1.id, b2.id].sort());
    expect((await t.call('GET', `/bookings/${b1.id}`, { token: customer.token })).body.data.customerId).toBe(customer.sub);
    expect((await t.call('GET', `/bookings/${b1.id}`, { token: guest.token })).status).toBe(404);
  });

  it("refuses a signed-out guest session's refresh token with 400 INVALID_GUEST_TOKEN: the finder of a stored token reads nothing", async () => {
    const guest = await t.guestSession();
    const b = await newBooking(guest.token, { ...cart, notes: 'door code 4711', contact: { name: 'Asha', email: 'asha@example.test' } });
    // The guest signs out at auth: refresh refuses the token from now on, and so must the hand-over.
    t.guests.sessions.delete(guest.refreshToken);
    const finder = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings/claim', { token: finder.token, body: { guestToken: guest.refreshToken } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_GUEST_TOKEN');
    expect((await t.parts.bookings.findById(b.id))?.customerId).toBe(guest.sub);
    expect((await t.call('GET', `/bookings/${b.id}`, { token: finder.token })).status).toBe(404);
  });

  it('lets nobody else take the bookings over with the token once a hand-over ended the session', async () => {
    const guest = await t.guestSession();
    await newBooking(guest.token);
    const first = await t.tokenFor('customer');
    expect((await t.call('POST', '/bookings/claim', { token: first.token, body: { guestToken: guest.refreshToken } })).status).toBe(200);
    const second = await t.tokenFor('customer');
    const res = await t.call('POST', '/bookings/claim', { token: second.token, body: { guestToken: guest.refreshToken } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_GUEST_TOKEN');
  });

  it('answers 503 UPSTREAM_UNAVAILABLE and moves nothing while auth cannot say whether the session lives', async () => {
    const guest = await t.guestSession();
    const b = await newBooking(guest.token);
    t.guests.down = true;
    const res = await t.call('POST', '/bookings/claim', { token: (await t.tokenFor('customer')).token, body: { guestToken: guest.refreshToken } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await t.parts.bookings.findById(b.id))?.customerId).toBe(guest.sub);
  });

  it('refuses access tokens, customer refresh tokens, expired and forged tokens with 400 INVALID_GUEST_TOKEN', async () => {
    const customer = await t.tokenFor('customer');
    const guest = await t.tokenFor('guest');
    const expired = await t.sign({ sub: guest.sub, role: 'guest', sid: 's', typ: 'refresh' }, 1);
    t.clock.advance(120_000);
    const customerNow = await t.tokenFor('customer', { sub: customer.sub });
    for (const guestToken of [
      (await t.tokenFor('guest')).token,
      await t.sign({ sub: 'c9', role: 'customer', sid: 's', typ: 'refresh' }),
      expired,
      `${(await t.sign({ sub: 'g', role: 'guest', sid: 's', typ: 'refresh' })).slice(0, -4)}AAAA`,
      'not a token',
    ]) {
      const res = await t.call('POST', '/bookings/claim', { token: customerNow.token, body: { guestToken } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_GUEST_TOKEN');
    }
  });

  it('hands over only to customers', async () => {
    const refresh = await t.sign({ sub: 'g1', role: 'guest', sid: 's', typ: 'refresh' });
    expect((await t.call('POST', '/bookings/claim', { token: (await t.tokenFor('guest')).token, body: { guestToken: refresh } })).status).toBe(403);
  });
});

export { newBooking, paidBooking };
