import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHmac } from 'node:crypto';
import { type RazorpayFake, startRazorpayFake } from './razorpay-fake.ts';

let fake: RazorpayFake;
beforeAll(() => {
  fake = startRazorpayFake({ keyId: 'rzp_test_checked', keySecret: 'secret_checked', webhookSecret: 'whsec_checked' });
});
afterAll(() => fake.stop());

/** A raw call as Razorpay's docs show it (curl -u key_id:key_secret). */
async function rzp(method: string, path: string, body?: unknown, auth = `${fake.keyId}:${fake.keySecret}`) {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(auth)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('Razorpay fake', () => {
  it('answers orders in the documented shape and refuses wrong keys with 401', async () => {
    const order = await rzp('POST', '/v1/orders', { amount: 50_000, currency: 'INR', receipt: 'r-1', notes: { bookingId: 'b1' } });
    expect(order).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: expect.stringMatching(/^order_/),
        entity: 'order',
        amount: 50_000,
        currency: 'INR',
        receipt: 'r-1',
        status: 'created',
      }),
    });
    expect((await rzp('GET', `/v1/orders/${order.body.id}`, undefined, 'rzp_test_checked:wrong')).status).toBe(401);
  });

  it('has no idempotency: the same order twice is two orders, both found by receipt', async () => {
    const body = { amount: 10_000, currency: 'INR', receipt: 'r-twice' };
    await rzp('POST', '/v1/orders', body);
    await rzp('POST', '/v1/orders', body);
    expect((await rzp('GET', '/v1/orders?receipt=r-twice')).body.count).toBe(2);
  });

  it('refuses amounts under 1.00 and receipts over 40 characters as Razorpay does', async () => {
    expect((await rzp('POST', '/v1/orders', { amount: 99, currency: 'INR' })).body.error.code).toBe('BAD_REQUEST_ERROR');
    expect((await rzp('POST', '/v1/orders', { amount: 100, currency: 'INR', receipt: 'x'.repeat(41) })).status).toBe(400);
  });

  it('lists an order payments and refunds a captured one at most to its amount', async () => {
    const order = await rzp('POST', '/v1/orders', { amount: 1000, currency: 'INR' });
    const { payment } = fake.capture(order.body.id);
    expect((await rzp('GET', `/v1/orders/${order.body.id}/payments`)).body.items).toEqual([
      expect.objectContaining({ id: payment.id, status: 'captured', amount: 1000 }),
    ]);
    expect((await rzp('POST', `/v1/payments/${payment.id}/refund`, { amount: 600 })).body).toMatchObject({
      entity: 'refund',
      amount: 600,
      status: 'processed',
    });
    expect((await rzp('POST', `/v1/payments/${payment.id}/refund`, { amount: 401 })).status).toBe(400);
    expect((await rzp('POST', `/v1/payments/${payment.id}/refund`, {})).body.amount).toBe(400);
    expect(fake.payments.get(payment.id)).toMatchObject({ status: 'refunded', amount_refunded: 1000, refund_status: 'full' });
  });

  it('signs checkouts with the key secret over order|payment and webhooks with the webhook secret over the body', async () => {
    const order = await rzp('POST', '/v1/orders', { amount: 1000, currency: 'INR' });
    const { payment, event, checkout } = fake.capture(order.body.id);
    expect(checkout.razorpay_signature).toBe(createHmac('sha256', 'secret_checked').update(`${order.body.id}|${payment.id}`).digest('hex'));
    const seen: { body: string; signature: string | null; eventId: string | null }[] = [];
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(req) {
        seen.push({ body: await req.text(), signature: req.headers.get('x-razorpay-signature'), eventId: req.headers.get('x-razorpay-event-id') });
        return new Response('ok');
      },
    });
    try {
      await fake.sendWebhook(`http://127.0.0.1:${receiver.port}/`, event);
      const [got] = seen;
      expect(got?.signature).toBe(
        createHmac('sha256', 'whsec_checked')
          .update(got?.body ?? '')
          .digest('hex'),
      );
      expect(got?.eventId).toBe(event.id);
      expect(JSON.parse(got?.body ?? '{}')).toMatchObject({
        event: 'payment.captured',
        payload: { payment: { entity: { id: payment.id, order_id: order.body.id } } },
      });
    } finally {
      receiver.stop(true);
    }
  });
});
