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
