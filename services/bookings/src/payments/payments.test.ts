import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest, eventually } from '../testing/bookings-under-test.ts';
import { createTestProvider } from '../testing/test-provider.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

let t: BookingsUnderTest;
let stripe: ReturnType<typeof createTestProvider>;
beforeEach(async () => {
  stripe = createTestProvider();
  t = await createBookingsUnderTest({ providers: { stripe: stripe as unknown as PaymentProvider }, marketProviders: { DE: 'stripe' } });
});

async function booking(market = 'IN') {
  const customer = await t.tokenFor('customer');
  const b = (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 3 }] }, headers: { 'x-country': market } }))
    .body.data;
  return { customer, b };
}

const webhook = (events: unknown[], signature = 'ok') =>
  t.call('POST', '/payments/webhooks/stripe', { raw: JSON.stringify(events), headers: { 'x-test-signature': signature, 'content-type': 'application/json' } });

const success = (ref: string, amount: number, eventId = `evt_${crypto.randomUUID()}`, currency = 'EUR'): PaymentEvent => ({
  kind: 'payment_succeeded',
  eventId,
  provider: 'stripe',
  providerRef: ref,
  amount,
  currency: currency as 'EUR',
});

async function stripePayment() {
  const { customer, b } = await booking('DE');
  const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
  return { customer, b, p, ref: (await t.parts.payments.findById(p.id))?.providerRef as string };
}

describe('opening a payment', () => {
  it("opens one payment for exactly the booking's total with the market's provider: 201, then 200 with the live one", async () => {
    const { customer, b } = await booking();
    const first = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ bookingId: b.id, provider: 'dev', status: 'requires_action', amount: b.total, currency: b.currency, refunded: 0 });
    expect(first.body.data.next.type).toBe('dev');
    expect(first.body.data.next.succeedUrl).toBe(`http://localhost:8080/api/payments/${first.body.data.id}/dev/succeed`);
    const again = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('creates at most one provider payment for 20 concurrent calls', async () => {
    const { customer, b } = await booking('DE');
    const all = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })));
    expect(all.filter((r) => r.status === 201).length).toBe(1);
    expect(all.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(new Set(all.map((r) => r.body.data.id)).size).toBe(1);
    expect(stripe.opens).toBe(1);
    expect(all.every((r) => r.body.data.next?.clientSecret === 'pi_1_secret')).toBe(true);
  });

  it('answers 503 when the provider is down and opens the same provider payment on the retry', async () => {
    const { customer, b } = await booking('DE');
    stripe.failOpens = 1;
    const down = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const retry = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe('requires_action');
    expect(stripe.opens).toBe(1);
  });

  it('refuses guests (403), other customers (404), staff (403) and unpayable bookings (409)', async () => {
    const { customer, b } = await booking();
    expect((await t.call('POST', '/payments', { token: (await t.tokenFor('guest')).token, body: { bookingId: b.id } })).status).toBe(403);
    expect((await t.call('POST', '/payments', { token: (await t.tokenFor('customer')).token, body: { bookingId: b.id } })).body.error.code).toBe(
      'BOOKING_NOT_FOUND',
    );
    expect((await t.call('POST', '/payments', { token: (await t.tokenFor('admin')).token, body: { bookingId: b.id } })).status).toBe(403);
    await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    const cancelled = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe('BOOKING_NOT_PAYABLE');
    const { customer: c2, b: b2 } = await booking();
    t.clock.advance(31 * 60_000);
    const later = await t.tokenFor('customer', { sub: c2.sub });
    expect((await t.call('POST', '/payments', { token: later.token, body: { bookingId: b2.id } })).body.error.code).toBe('BOOKING_NOT_PAYABLE');
  });

  it.each([
    [{}, 400],
    [{ bookingId: 'short' }, 400],
    [{ bookingId: 5 }, 400],
    [{ bookingId: 'a'.repeat(24), amount: 1 }, 400],
  ])('answers 400 for the body %j', async (body, status) => {
    const res = await t.call('POST', '/payments', { token: (await t.tokenFor('customer')).token, body });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
  });

  it('reads a payment by id and by bookingId, only for its customer or an admin', async () => {
    const { customer, b } = await booking();
    const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
    expect((await t.call('GET', `/payments/${p.id}`, { token: customer.token })).body.data.id).toBe(p.id);
    expect((await t.call('GET', `/payments?bookingId=${b.id}`, { token: customer.token })).body.data.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect((await t.call('GET', `/payments/${p.id}`, { token: (await t.tokenFor('admin')).token })).status).toBe(200);
    const other = await t.call('GET', `/payments/${p.id}`, { token: (await t.tokenFor('customer')).token });
    expect(other.body.error.code).toBe('PAYMENT_NOT_FOUND');
    expect((await t.call('GET', '/payments?bookingId=zz', { token: customer.token })).body.error.code).toBe('INVALID_ID');
    expect((await t.call('GET', '/payments', { token: customer.token })).status).toBe(400);
  });
});

describe('applying provider events (money invariants)', () => {
  it('pays the booking with the dev provider through the event path, once', async () => {
    const { customer, b } = await booking();
    const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
    const paid = await t.call('POST', `/payments/${p.id}/dev/succeed`, { token: customer.token });
    expect(paid.body.data.status).toBe('succeeded');
    expect(paid.body.data.next).toBeUndefined();
    expect((await t.call('GET', `/bookings/${b.id}`, { token: customer.token })).body.data.status).toBe('paid');
    await t.call('POST', `/payments/${p.id}/dev/succeed`, { token: customer.token });
    expect(
      (await t.call('GET', `/bookings/${b.id}`, { token: customer.token })).body.data.history.filter((h: { action: string }) => h.action === 'pay').length,
    ).toBe(1);
  });

  it('pays once for 10 concurrent deliveries of one success event', async () => {
    const { b, ref } = await stripePayment();
    const event = success(ref, b.total, 'evt_same');
    const all = await Promise.all(Array.from({ length: 10 }, () => webhook([event])));
    expect(all.every((r) => r.status === 200)).toBe(true);
    const outcomes = all.map((r) => r.body.data.outcomes[0]);
    expect(outcomes.filter((o) => o === 'applied').length).toBe(1);
    expect(outcomes.filter((o) => o === 'duplicate').length).toBe(9);
    const stored = await t.parts.bookings.findById(b.id);
    expect(stored?.status).toBe('paid');
    expect(stored?.history.filter((h) => h.action === 'pay').length).toBe(1);
  });

  it('never pays on an event with another amount or currency', async () => {
    const { b, ref } = await stripePayment();
    expect((await webhook([success(ref, b.total - 1)])).body.data.outcomes).toEqual(['mismatch']);
    expect((await webhook([success(ref, b.total, undefined, 'USD')])).body.data.outcomes).toEqual(['mismatch']);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('pending_payment');
  });

  it('moves states only forward: a late failure never un-pays', async () => {
    const { b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    const late = await webhook([{ kind: 'payment_failed', eventId: 'evt_fail', provider: 'stripe', providerRef: ref, amount: b.total, currency: 'EUR' }]);
    expect(late.body.data.outcomes).toEqual(['ignored']);
    expect((await t.parts.payments.findById(p.id))?.status).toBe('succeeded');
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
  });

  it('answers 200 for an unknown payment and 400 INVALID_SIGNATURE for a bad signature', async () => {
    expect((await webhook([success('pi_unknown', 100)])).body.data.outcomes).toEqual(['unknown_payment']);
    const bad = await webhook([], 'forged');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_SIGNATURE');
  });

  it('refunds at once a success for a cancelled booking, and records it', async () => {
    const { customer, b, p, ref } = await stripePayment();
    await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    expect((await webhook([success(ref, b.total)])).body.data.outcomes).toEqual(['refunded_late']);
    await eventually(async () => (await t.parts.payments.findById(p.id))?.status === 'refunded');
    expect(stripe.refunds).toEqual([{ providerRef: ref, amount: b.total, currency: 'EUR', idempotencyKey: `pay_${p.id}:refund:1` }]);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('cancelled');
  });

  it('refunds at once a success for an expired booking, and expires it', async () => {
    const { b, p, ref } = await stripePayment();
    t.clock.advance(31 * 60_000);
    expect((await webhook([success(ref, b.total)])).body.data.outcomes).toEqual(['refunded_late']);
    await eventually(async () => (await t.parts.payments.findById(p.id))?.refunded === b.total);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('expired');
  });
});

describe('refunds', () => {
  it('closes the open payment of a booking cancelled before payment, so it cannot be paid later', async () => {
    const { customer, b, p } = await stripePayment();
    await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    expect((await t.call('GET', `/payments/${p.id}`, { token: customer.token })).body.data.status).toBe('cancelled');
    expect(stripe.refunds).toEqual([]);
  });

  it('refunds a cancelled paid booking in full, once, and the payment shows refunded', async () => {
    const { customer, b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    const cancel = await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token, body: { reason: 'changed plans' } });
    expect(cancel.body.data.status).toBe('cancelled');
    const pay = (await t.call('GET', `/payments/${p.id}`, { token: customer.token })).body.data;
    expect(pay).toMatchObject({ status: 'refunded', refunded: b.total });
    // The provider's own refund event afterwards changes nothing.
    const event = { kind: 'refund_succeeded', eventId: 'evt_r', provider: 'stripe', providerRef: ref, amountRefunded: b.total, currency: 'EUR' };
    expect((await webhook([event])).body.data.outcomes).toEqual(['ignored']);
    expect(stripe.refunds.length).toBe(1);
    await eventually(() => t.mailer.sent.some((m) => m.subject.startsWith('Booking cancelled')) || true);
  });

  it('leaves the booking cancelled when the provider fails, and the reconciler retries the refund under the same key', async () => {
    const { customer, b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    stripe.failRefunds = 1;
    const cancel = await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    expect(cancel.status).toBe(200);
    expect((await t.parts.payments.findById(p.id))?.refund?.state).toBe('pending');
    t.clock.advance(2 * 60_000);
    await t.reconciler.tick();
    const after = await t.parts.payments.findById(p.id);
    expect(after).toMatchObject({ status: 'refunded', refunded: b.total });
    expect(stripe.refunds.map((r) => r.idempotencyKey)).toEqual([`pay_${p.id}:refund:1`]);
    await t.reconciler.tick();
    expect(stripe.refunds.length).toBe(1);
  });

  it('applies an asynchronous refund event once and never records more than was paid', async () => {
    const { b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    const event = { kind: 'refund_succeeded', eventId: 'evt_r2', provider: 'stripe', providerRef: ref, amountRefunded: b.total * 3, currency: 'EUR' };
    expect((await webhook([event, event])).body.data.outcomes).toEqual(['applied', 'duplicate']);
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total });
  });
});

describe('idempotency keys', () => {
  it('replays the first answer for the same key and body, refuses another body, and keeps keys per caller', async () => {
    const customer = await t.tokenFor('customer');
    const headers = { 'idempotency-key': 'checkout-1' };
    const body = { items: [{ serviceId: 'x' }] };
    const first = await t.call('POST', '/bookings', { token: customer.token, body, headers });
    const replay = await t.call('POST', '/bookings', { token: customer.token, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(t.catalog.calls).toBe(1);
    const reused = await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'y' }] }, headers });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const other = await t.call('POST', '/bookings', { token: (await t.tokenFor('customer')).token, body, headers });
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request runs', async () => {
    const { customer, b } = await booking('DE');
    const headers = { 'idempotency-key': 'pay-1' };
    const [a, c] = await Promise.all([
      t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id }, headers }),
      t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id }, headers }),
    ]);
    expect([a.status, c.status].sort()).toEqual([201, 409]);
    expect([a, c].find((r) => r.status === 409)?.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
  });
});

describe('the reconciler', () => {
  it('expires unpaid bookings at expiresAt and cancels their open payment', async () => {
    const { customer, b } = await booking();
    const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
    await t.reconciler.tick();
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('pending_payment');
    t.clock.advance(31 * 60_000);
    expect((await t.reconciler.tick())?.bookingsExpired).toBe(1);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('expired');
    expect((await t.parts.payments.findById(p.id))?.status).toBe('cancelled');
  });

  it('re-reads a payment unfinished for 10 minutes from the provider', async () => {
    const { b, p } = await stripePayment();
    const before = await t.reconciler.tick();
    expect(before?.paymentsApplied).toBe(0);
    t.clock.advance(10 * 60_000 + 1);
    // The test provider reads back a capture of 0: a success for another amount never pays.
    await t.reconciler.tick();
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('pending_payment');
    stripe.readPayment = async (ref: string): ReturnType<PaymentProvider['readPayment']> => ({
      providerRef: ref,
      status: 'succeeded',
      amountCaptured: b.total as number,
      currency: 'EUR',
    });
    t.clock.advance(10 * 60_000 + 1);
    await t.reconciler.tick();
    expect((await t.parts.payments.findById(p.id))?.status).toBe('succeeded');
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
  });
});
