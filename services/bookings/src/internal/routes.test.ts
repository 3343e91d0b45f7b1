import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest, eventually } from '../testing/bookings-under-test.ts';

let t: BookingsUnderTest;
beforeEach(async () => {
  t = await createBookingsUnderTest();
});

async function bookFor(sub: string, pay: boolean) {
  const { token } = await t.tokenFor('customer', { sub });
  const b = (
    await t.call('POST', '/bookings', {
      token,
      body: { items: [{ serviceId: 'x' }], notes: 'secret notes', contact: { name: 'Asha', email: 'a@example.test' } },
    })
  ).body.data;
  if (pay) {
    const p = (await t.call('POST', '/payments', { token, body: { bookingId: b.id } })).body.data;
    await t.call('POST', `/payments/${p.id}/dev/succeed`, { token });
  }
  return { token, b };
}

describe('the internal account endpoints', () => {
  it("exports the person's bookings and payments", async () => {
    await bookFor('u1', true);
    const res = await t.call('GET', '/internal/accounts/u1/export');
    expect(res.status).toBe(200);
    expect(res.body.data.service).toBe('bookings');
    expect(res.body.data.data.bookings.length).toBe(1);
    expect(res.body.data.data.payments.length).toBe(1);
  });

  it('refuses to erase while a booking is paid, confirmed or in progress', async () => {
    await bookFor('u2', true);
    const res = await t.call('POST', '/internal/accounts/u2/erase');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ACCOUNT_HAS_ACTIVE_BOOKINGS');
  });

  it('removes contact data and notes, keeps the amounts, idempotently', async () => {
    const { b } = await bookFor('u3', false);
    const first = await t.call('POST', '/internal/accounts/u3/erase');
    expect(first.body.data).toEqual({ service: 'bookings', erased: true, kept: 1 });
    const second = await t.call('POST', '/internal/accounts/u3/erase');
    expect(second.body.data).toEqual(first.body.data);
    const stored = await t.parts.bookings.findById(b.id);
    expect(stored?.contact).toBeUndefined();
    expect(stored?.notes).toBeUndefined();
    expect(stored?.total).toBe(b.total);
  });
});

describe('erasure racing a payment', () => {
  it('keeps the contact data of a booking paid between the check and the write, and answers 409', async () => {
    const { token, b } = await bookFor('u4', false);
    const p = (await t.call('POST', '/payments', { token, body: { bookingId: b.id } })).body.data;
    const repo = t.parts.bookings;
    const transition = repo.applyTransition.bind(repo);
    let paidFirst = false;
    repo.applyTransition = async (filter, set, entry) => {
      if (!paidFirst) {
        paidFirst = true;
        // The payment lands just before the erase cancels the unpaid booking (and so before its write).
        await t.call('POST', `/payments/${p.id}/dev/succeed`, { token });
      }
      return transition(filter, set, entry);
    };
    const res = await t.call('POST', '/internal/accounts/u4/erase');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ACCOUNT_HAS_ACTIVE_BOOKINGS');
    const stored = await t.parts.bookings.findById(b.id);
    expect(stored?.status).toBe('paid');
    expect(stored?.contact).toEqual({ name: 'Asha', email: 'a@example.test' });
    expect(stored?.erasedAt).toBeUndefined();
  });

  it('changes nothing when a person already has an active booking besides others', async () => {
    const { b: open } = await bookFor('u5', false);
    const { b: paid } = await bookFor('u5', true);
    expect((await t.call('POST', '/internal/accounts/u5/erase')).status).toBe(409);
    expect((await t.parts.bookings.findById(open.id))?.contact).toBeDefined();
    expect((await t.parts.bookings.findById(paid.id))?.contact).toBeDefined();
  });
});

describe('erasure and what the person left behind', () => {
  it('cancels the unpaid bookings and closes their open payments, mailing nothing', async () => {
    const { token, b } = await bookFor('u6', false);
    const p = (await t.call('POST', '/payments', { token, body: { bookingId: b.id } })).body.data;
    expect((await t.call('POST', '/internal/accounts/u6/erase')).status).toBe(200);
    const stored = await t.parts.bookings.findById(b.id);
    expect(stored?.status).toBe('cancelled');
    expect(stored?.history.at(-1)).toMatchObject({ status: 'cancelled', action: 'cancel', by: { role: 'system' } });
    expect((await t.parts.payments.findById(p.id))?.status).toBe('cancelled');
    // A late success of the closed payment takes the late-success path: refunded, never paid.
    expect((await t.call('POST', `/payments/${p.id}/dev/succeed`, { token })).status).toBe(200);
    await eventually(async () => (await t.parts.payments.findById(p.id))?.status === 'refunded');
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('cancelled');
    await t.parts.outbox.deliverDue();
    expect(t.mailer.sent.filter((m) => m.subject.startsWith('Booking cancelled'))).toHaveLength(0);
  });

  it('erases free text in the history: a cancel reason with an email and a phone number', async () => {
    const { token, b } = await bookFor('u7', false);
    const reason = 'call me on +49 151 2345678 or mail me at me@example.test';
    expect((await t.call('POST', `/bookings/${b.id}/cancel`, { token, body: { reason } })).status).toBe(200);
    expect((await t.parts.bookings.findById(b.id))?.history.at(-1)?.reason).toBe(reason);
    expect((await t.call('POST', '/internal/accounts/u7/erase')).status).toBe(200);
    const stored = await t.parts.bookings.findById(b.id);
    expect(JSON.stringify(stored)).not.toContain('me@example.test');
    expect(JSON.stringify(stored)).not.toContain('2345678');
    expect(stored?.history.map((h) => h.action)).toEqual(['create', 'cancel']);
  });

  it("removes the person's stored idempotency answers, and those of the guest session whose bookings were handed over to them", async () => {
    const { token } = await t.tokenFor('customer', { sub: 'u8' });
    const body = { items: [{ serviceId: 'x' }], notes: 'my secret notes', contact: { name: 'Asha', email: 'asha@example.test' } };
    expect((await t.call('POST', '/bookings', { token, body, headers: { 'idempotency-key': 'k-1' } })).status).toBe(201);
    // What a guest stored before signing in and taking the bookings over: answers under the guest's id.
    const guest = await t.tokenFor('guest', { sub: 'g8' });
    const guestBooking = (
      await t.call('POST', '/bookings', { token: guest.token, body: { ...body, notes: 'guest notes' }, headers: { 'idempotency-key': 'k-2' } })
    ).body.data;
    await t.parts.bookings.updateMany({ _id: guestBooking.id }, { $set: { customerId: 'u8', handedOverFrom: 'g8' } });
    const stored = () => t.deps.documents.collection('idempotency_keys').find({}).toArray();
    expect(JSON.stringify(await stored())).toContain('asha@example.test');
    expect((await t.call('POST', '/internal/accounts/u8/erase')).status).toBe(200);
    const left = JSON.stringify(await stored());
    expect(left).not.toContain('asha@example.test');
    expect(left).not.toContain('secret notes');
    expect(left).not.toContain('guest notes');
  });
});
