/**
 * A move's side effects are written to the outbox before the move and released after it
 * (lifecycle.ts). A process dying between the two leaves them staged: once the grace has passed
 * a worker finds the move's history entry (the guard) and delivers them, or voids them when the
 * move was never stored.
 */
import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';

let t: BookingsUnderTest;
beforeEach(async () => {
  t = await createBookingsUnderTest();
});

async function paidBooking() {
  const customer = await t.tokenFor('customer');
  const b = (
    await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 3 }], contact: { email: 'c@example.test' } } })
  ).body.data;
  const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
  await t.call('POST', `/payments/${p.id}/dev/succeed`, { token: customer.token });
  await t.parts.outbox.deliverDue();
  t.mailer.sent.length = 0;
  return { customer, b, p };
}

/** The process dies right after (or right before) the move's write: the request fails there. */
function dieAround(when: 'after' | 'before') {
  const repo = t.parts.bookings;
  const original = repo.applyTransition;
  repo.applyTransition = async (...args) => {
    repo.applyTransition = original;
    if (when === 'after') await original(...args);
    throw new Error('the process died');
  };
}

describe('a move whose process died between its write and the release of its side effects', () => {
  it('is delivered after the grace: the refund and the cancellation mail, once', async () => {
    const { customer, b, p } = await paidBooking();
    dieAround('after');
    expect((await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token })).status).toBe(500);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('cancelled');
    expect(await t.parts.outbox.deliverDue()).toBe(0);
    expect((await t.parts.payments.findById(p.id))?.status).toBe('succeeded');
    t.clock.advance(60_000);
    expect(await t.parts.outbox.deliverDue()).toBe(2);
    expect(await t.parts.outbox.deliverDue()).toBe(0);
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total });
    expect(t.mailer.sent.map((m) => m.subject)).toEqual([`Booking cancelled (${b.number})`]);
  });

  it('is voided when the move was never stored: no refund, no mail', async () => {
    const { customer, b, p } = await paidBooking();
    dieAround('before');
    expect((await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token })).status).toBe(500);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
    t.clock.advance(60_000);
    await t.parts.outbox.deliverDue();
    expect((await t.parts.payments.findById(p.id))?.status).toBe('succeeded');
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('a silent move', () => {
  it('keeps its other effects (the refund) and sends no mail', async () => {
    const { b, p } = await paidBooking();
    const moved = await t.parts.lifecycle.move(
      b.id,
      { status: 'paid' },
      { action: 'cancel', to: 'cancelled', by: { id: 'account-erasure', role: 'system' }, silent: true },
    );
    expect(moved?.status).toBe('cancelled');
    await t.parts.outbox.deliverDue();
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded' });
    expect(t.mailer.sent).toEqual([]);
  });
});
