import { beforeEach, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { BookingFactsSchema } from '@tm/contracts';
import { type BookingsUnderTest, createBookingsUnderTest, PM_ANA } from '../testing/bookings-under-test.ts';

let t: BookingsUnderTest;
beforeEach(async () => {
  t = await createBookingsUnderTest();
});

describe('GET /internal/bookings/:id/facts', () => {
  it('answers participants, status and the booked services, without amounts, contact or notes', async () => {
    const customer = await t.tokenFor('customer');
    const body = {
      items: [
        { serviceId: 'react-developer', hours: 10 },
        { serviceId: 'x', qty: 2 },
      ],
      notes: 'private',
      contact: { email: 'c@example.test' },
    };
    const booking = (await t.call('POST', '/bookings', { token: customer.token, body })).body.data;
    const res = await t.call('GET', `/internal/bookings/${booking.id}/facts`);
    expect(res.status).toBe(200);
    expect(Value.Check(BookingFactsSchema, res.body.data)).toBe(true);
    expect(res.body.data).toEqual({
      id: booking.id,
      number: booking.number,
      status: 'pending_payment',
      market: booking.market,
      customerId: customer.sub,
      pm: null,
      serviceIds: [...new Set(booking.quote.lines.map((l: { serviceId: string }) => l.serviceId))],
      completedAt: null,
      updatedAt: booking.updatedAt,
    });
    expect(JSON.stringify(res.body.data)).not.toContain('c@example.test');
    expect(JSON.stringify(res.body.data)).not.toContain('private');
  });

  it('names the assigned PM and the completion time once the work is done', async () => {
    const customer = await t.tokenFor('customer');
    const admin = await t.tokenFor('admin');
    const ana = await t.tokenFor('pm', { pid: PM_ANA.id });
    const booking = (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'react-developer', hours: 10 }] } })).body.data;
    const payment = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: booking.id } })).body.data;
    await t.call('POST', `/payments/${payment.id}/dev/succeed`, { token: customer.token });
    await t.call('POST', `/bookings/${booking.id}/assign`, { token: admin.token, body: { pmId: PM_ANA.id } });
    await t.call('POST', `/bookings/${booking.id}/accept`, { token: ana.token });
    await t.call('POST', `/bookings/${booking.id}/start`, { token: ana.token });
    const done = (await t.call('POST', `/bookings/${booking.id}/complete`, { token: customer.token })).body.data;
    const facts = (await t.call('GET', `/internal/bookings/${booking.id}/facts`)).body.data;
    expect(facts.status).toBe('completed');
    expect(facts.pm).toEqual({ id: PM_ANA.id, slug: PM_ANA.slug, name: PM_ANA.name });
    expect(facts.completedAt).toBe(done.history.at(-1).at);
  });

  it('answers 404 BOOKING_NOT_FOUND for an unknown booking', async () => {
    const res = await t.call('GET', '/internal/bookings/nope/facts');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('BOOKING_NOT_FOUND');
  });
});
