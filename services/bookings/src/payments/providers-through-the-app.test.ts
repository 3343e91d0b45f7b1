import { beforeAll, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest, eventually } from '../testing/bookings-under-test.ts';
import { startRazorpayFixture, startStripeFixture } from '../testing/provider-fixtures.ts';

/**
 * The money path with the real Stripe and Razorpay adapters against their local HTTP fakes:
 * DE pays with Stripe, IN with Razorpay, through bookings' own routes (signed webhooks on the raw
 * body, the client's Razorpay confirmation, refunds on cancel).
 */
const { fake: stripe, provider: stripeProvider } = startStripeFixture();
const { fake: razorpay, provider: razorpayProvider } = startRazorpayFixture();
let t: BookingsUnderTest;
beforeAll(async () => {
  t = await createBookingsUnderTest({
    providers: { stripe: stripeProvider(), razorpay: razorpayProvider() },
    marketProviders: { DE: 'stripe', IN: 'razorpay' },
  });
});

async function openFor(market: 'DE' | 'IN') {
  const customer = await t.tokenFor('customer');
  const booking = (
    await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 2 }] }, headers: { 'x-country': market } })
  ).body.data;
  const payment = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: booking.id } });
  expect(payment.status).toBe(201);
  const ref = (await t.parts.payments.findById(payment.body.data.id))?.providerRef as string;
  return { customer, booking, payment: payment.body.data, ref };
}

const stripeWebhook = (event: unknown, secret?: string) => {
  const raw = JSON.stringify(event);
  // Signed at bookings' (manual) clock, which a test may move on.
  const timestampS = Math.floor(t.clock.now() / 1000);
  return t.call('POST', '/payments/webhooks/stripe', {
    raw,
    headers: { 'stripe-signature': stripe.signatureHeader(raw, { timestampS, ...(secret ? { secret } : {}) }) },
  });
};

describe('Stripe through the app', () => {
  it('opens one PaymentIntent for 20 concurrent calls, for exactly the booking total', async () => {
    const customer = await t.tokenFor('customer');
    const booking = (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x' }] }, headers: { 'x-country': 'DE' } })).body
      .data;
    const before = stripe.intents.size;
    const all = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/payments', { token: customer.token, body: { bookingId: booking.id } })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    expect(all.filter((r) => r.status === 200)).toHaveLength(19);
    expect(stripe.intents.size).toBe(before + 1);
    const intent = [...stripe.intents.values()].at(-1);
    expect(intent?.amount).toBe(booking.total);
    expect(all[0]?.body.data.next).toMatchObject({ type: 'stripe' });
  });

  it('pays the booking once for 10 concurrent deliveries of a signed payment_intent.succeeded, and refuses a bad signature', async () => {
    const { booking, ref } = await openFor('DE');
    const event = stripe.succeed(ref);
    expect((await stripeWebhook(event, 'whsec_wrong')).body.error.code).toBe('INVALID_SIGNATURE');
    const all = await Promise.all(Array.from({ length: 10 }, () => stripeWebhook(event)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.flatMap((r) => r.body.data.outcomes).filter((o: string) => o === 'applied')).toHaveLength(1);
    const stored = await t.parts.bookings.findById(booking.id);
    expect(stored?.status).toBe('paid');
    expect(stored?.history.filter((h) => h.action === 'pay')).toHaveLength(1);
  });

  it('refunds a cancelled paid booking in full through Stripe, and applies charge.refunded without changing it', async () => {
    const { customer, booking, payment, ref } = await openFor('DE');
    await stripeWebhook(stripe.succeed(ref));
    await t.call('POST', `/bookings/${booking.id}/cancel`, { token: customer.token });
    const after = (await t.call('GET', `/payments/${payment.id}`, { token: customer.token })).body.data;
    expect(after).toMatchObject({ status: 'refunded', refunded: booking.total });
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === ref);
    expect(refunds.map((r) => r.amount)).toEqual([booking.total]);
    const refunded = stripe.events.findLast((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === ref);
    expect((await stripeWebhook(refunded)).status).toBe(200);
    expect((await t.call('GET', `/payments/${payment.id}`, { token: customer.token })).body.data.refunded).toBe(booking.total);
  });
});

/** A refund made by staff in Stripe's dashboard (straight at the API, its own key): bookings did not ask for it. */
async function dashboardRefund(intentId: string, amount: number) {
  const res = await fetch(`${stripe.url}/v1/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': crypto.randomUUID() },
    body: new URLSearchParams({ payment_intent: intentId, amount: String(amount) }),
  });
  expect(res.status).toBe(200);
}

describe('a refund Stripe refuses', () => {
  it('is stored as failed with the refusal, logged as an error, not retried under the same key, and settled by the refund event staff cause', async () => {
    const { customer, booking, payment, ref } = await openFor('DE');
    await stripeWebhook(stripe.succeed(ref));
    // Staff refunded part in the dashboard; its charge.refunded is not delivered yet, so bookings
    // asks for the full amount and Stripe answers 400 amount_too_large.
    await dashboardRefund(ref, 1_000);
    expect((await t.call('POST', `/bookings/${booking.id}/cancel`, { token: customer.token })).status).toBe(200);

    const seen = (await t.call('GET', `/payments/${payment.id}`, { token: customer.token })).body.data;
    expect(seen).toMatchObject({ status: 'succeeded', refunded: 0, refund: { state: 'failed', amount: booking.total, failure: { code: 'amount_too_large' } } });
    expect(seen.refund.failure.message).toContain('greater than unrefunded amount');
    expect(t.logger.lines.filter((l) => l.level === 'error' && l.code === 'amount_too_large' && l.paymentId === payment.id)).toHaveLength(1);
    expect((await t.parts.payments.findById(payment.id))?.refund).toMatchObject({ state: 'failed', seq: 2, attempts: 1 });

    // The reconciler does not replay a refusal: no further refund request reaches Stripe, however late.
    const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    const before = refundPosts();
    t.clock.advance(2 * 60 * 60_000);
    await t.reconciler.tick();
    await t.reconciler.tick();
    expect(refundPosts()).toBe(before);

    // Staff refund the rest at Stripe; its charge.refunded settles the payment, never above what was paid.
    await dashboardRefund(ref, booking.total - 1_000);
    const refunded = stripe.events.findLast((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === ref);
    expect((await stripeWebhook(refunded)).status).toBe(200);
    const later = await t.tokenFor('customer', { sub: customer.sub }); // the first token expired while the clock moved on
    const settled = (await t.call('GET', `/payments/${payment.id}`, { token: later.token })).body.data;
    expect(settled).toMatchObject({ status: 'refunded', refunded: booking.total, refund: { state: 'succeeded' } });
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === ref);
    expect(atStripe.reduce((sum, r) => sum + r.amount, 0)).toBe(booking.total);
  });

  it('asks only for what is left when a dashboard refund was applied first, so Stripe never refunds more than was paid', async () => {
    const { customer, booking, payment, ref } = await openFor('DE');
    await stripeWebhook(stripe.succeed(ref));
    await dashboardRefund(ref, 1_000);
    const partial = stripe.events.findLast((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === ref);
    expect((await stripeWebhook(partial)).status).toBe(200);
    await t.call('POST', `/bookings/${booking.id}/cancel`, { token: customer.token });
    const seen = (await t.call('GET', `/payments/${payment.id}`, { token: customer.token })).body.data;
    expect(seen).toMatchObject({ status: 'refunded', refunded: booking.total, refund: { state: 'succeeded', amount: booking.total - 1_000 } });
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === ref).map((r) => r.amount);
    expect(atStripe).toEqual([1_000, booking.total - 1_000]);
  });
});

describe('Razorpay through the app', () => {
  it('pays once whether the client verify or the webhook comes first', async () => {
    for (const order of ['verify-first', 'webhook-first'] as const) {
      const { customer, booking, payment } = await openFor('IN');
      expect(payment.next.type).toBe('razorpay');
      expect(payment.next.keyId).toBe(razorpay.keyId);
      expect(payment.next.orderId).toStartWith('order_');
      const captured = razorpay.capture(payment.next.orderId);
      const verify = () => t.call('POST', `/payments/${payment.id}/verify`, { token: customer.token, body: captured.checkout });
      const hook = () => {
        const raw = JSON.stringify(captured.event.body);
        return t.call('POST', '/payments/webhooks/razorpay', {
          raw,
          headers: { 'x-razorpay-signature': razorpay.signature(raw), 'x-razorpay-event-id': captured.event.id },
        });
      };
      if (order === 'verify-first') {
        expect((await verify()).body.data.status).toBe('succeeded');
        expect((await hook()).status).toBe(200);
      } else {
        expect((await hook()).status).toBe(200);
        expect((await verify()).body.data.status).toBe('succeeded');
      }
      const stored = await t.parts.bookings.findById(booking.id);
      expect(stored?.status).toBe('paid');
      expect(stored?.history.filter((h) => h.action === 'pay')).toHaveLength(1);
    }
  });

  it('answers 400 INVALID_SIGNATURE for a forged confirmation and never pays', async () => {
    const { customer, booking, payment } = await openFor('IN');
    const captured = razorpay.capture(payment.next.orderId);
    const forged = await t.call('POST', `/payments/${payment.id}/verify`, {
      token: customer.token,
      body: { ...captured.checkout, razorpay_signature: 'ab'.repeat(32) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_SIGNATURE');
    expect((await t.parts.bookings.findById(booking.id))?.status).toBe('pending_payment');
  });

  it('refunds a cancelled paid booking through Razorpay', async () => {
    const { customer, booking, payment } = await openFor('IN');
    await t.call('POST', `/payments/${payment.id}/verify`, { token: customer.token, body: razorpay.capture(payment.next.orderId).checkout });
    await t.call('POST', `/bookings/${booking.id}/cancel`, { token: customer.token });
    await eventually(async () => (await t.parts.payments.findById(payment.id))?.status === 'refunded');
    expect((await t.parts.payments.findById(payment.id))?.refunded).toBe(booking.total);
  });
});

describe('an account deleted while its Stripe debit is still processing', () => {
  it('cancels the booking, and the late payment_intent.succeeded is refunded in full, never paid', async () => {
    const { customer, booking, payment, ref } = await openFor('DE');
    // The customer confirmed a SEPA debit: it is processing, and Stripe refuses to cancel it.
    stripe.process(ref);
    stripe.failNext(1, 400);
    expect((await t.call('POST', `/internal/accounts/${customer.sub}/erase`)).status).toBe(200);
    expect((await t.parts.bookings.findById(booking.id))?.status).toBe('cancelled');
    // Days later the debit clears.
    expect((await stripeWebhook(stripe.succeed(ref))).body.data.outcomes).toEqual(['refunded_late']);
    await eventually(async () => (await t.parts.payments.findById(payment.id))?.status === 'refunded');
    expect((await t.parts.payments.findById(payment.id))?.refunded).toBe(booking.total);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === ref).map((r) => r.amount)).toEqual([booking.total]);
    expect((await t.parts.bookings.findById(booking.id))?.status).toBe('cancelled');
  });
});
