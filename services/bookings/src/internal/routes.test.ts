import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';

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
    const updateMany = repo.updateMany.bind(repo);
    let paidFirst = false;
    repo.updateMany = async (filter, update) => {
      if (!paidFirst) {
        paidFirst = true;
        // The payment lands just before the erase's write.
        await t.call('POST', `/payments/${p.id}/dev/succeed`, { token });
      }
      return updateMany(filter, update);
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
