import { describe, expect, it } from 'bun:test';
import { parseMetrics, sampleValue } from '@tm/shared/testing';
import { createBookingsUnderTest, eventually } from '../testing/bookings-under-test.ts';

describe('the business counters on GET /metrics', () => {
  it('counts bookings created and paid, payments by provider and outcome, and refunds, once each', async () => {
    const t = await createBookingsUnderTest();
    const customer = await t.tokenFor('customer');
    const book = async () =>
      (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 3 }] }, headers: { 'x-country': 'DE' } })).body.data;
    const pay = async (bookingId: string) => (await t.call('POST', '/payments', { token: customer.token, body: { bookingId } })).body.data;

    const paid = await book();
    const p1 = await pay(paid.id);
    await t.call('POST', `/payments/${p1.id}/dev/succeed`, { token: customer.token });
    // A second success for the same payment changes nothing and counts nothing.
    await t.call('POST', `/payments/${p1.id}/dev/succeed`, { token: customer.token });
    const failed = await book();
    const p2 = await pay(failed.id);
    await t.call('POST', `/payments/${p2.id}/dev/fail`, { token: customer.token });
    // Cancelling the paid booking refunds it in full through the dev provider.
    await t.call('POST', `/bookings/${paid.id}/cancel`, { token: customer.token });
    await eventually(async () => (await t.parts.payments.findById(p1.id))?.status === 'refunded');

    const families = parseMetrics(await (await t.app.handle(new Request('http://localhost/metrics'))).text());
    expect(sampleValue(families, 'bookings_created_total', { market: 'DE' })).toBe(2);
    expect(sampleValue(families, 'bookings_paid_total', { market: 'DE' })).toBe(1);
    expect(sampleValue(families, 'payments_total', { provider: 'dev', outcome: 'succeeded' })).toBe(1);
    expect(sampleValue(families, 'payments_total', { provider: 'dev', outcome: 'failed' })).toBe(1);
    expect(sampleValue(families, 'refunds_total', { provider: 'dev', outcome: 'succeeded' })).toBe(1);
  });

  it('counts outbox deliveries by topic and outcome: each side effect delivered once', async () => {
    const t = await createBookingsUnderTest();
    const customer = await t.tokenFor('customer');
    const b = (
      await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 3 }], contact: { email: 'c@example.test' } } })
    ).body.data;
    const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
    t.mailer.failNext = 1;
    await t.call('POST', `/payments/${p.id}/dev/succeed`, { token: customer.token });
    await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    await eventually(() => t.mailer.sent.length === 2);
    await t.parts.outbox.deliverDue();
    const families = parseMetrics(await (await t.app.handle(new Request('http://localhost/metrics'))).text());
    expect(sampleValue(families, 'outbox_deliveries_total', { topic: 'booking.mail', outcome: 'delivered' })).toBe(2);
    expect(sampleValue(families, 'outbox_deliveries_total', { topic: 'booking.mail', outcome: 'retry' })).toBe(1);
    expect(sampleValue(families, 'outbox_deliveries_total', { topic: 'booking.refund', outcome: 'delivered' })).toBe(1);
  });
});
