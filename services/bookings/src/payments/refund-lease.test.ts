/**
 * Razorpay takes no idempotency key: two replicas attempting the same pending refund at once
 * would each look for an earlier refund (none yet) and each make one. The refund's lease on the
 * payment (refunds.ts REFUND_LEASE_MS) lets one attempt call the provider at a time; after a
 * holder died mid-call, the next attempt, once the lease expired, finds the refund the dead one
 * made under the key instead of making another.
 */
import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';
import { startRazorpayFixture } from '../testing/provider-fixtures.ts';
import type { PaymentDeps } from './deps.ts';
import type { PaymentDoc } from './model.ts';
import { attemptRefund, REFUND_LEASE_MS } from './refunds.ts';

const { fake, provider } = startRazorpayFixture();
/** Every call 40 ms late: a replica's look-up and its creation are far enough apart for another to come between. */
const slowFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  await Bun.sleep(40);
  return fetch(input, init);
}) as typeof fetch;

let t: BookingsUnderTest;
/** Two replicas: their own adapter each (the adapter's in-process sharing of one call does not reach across processes), one store. */
let replicaA: PaymentDeps;
let replicaB: PaymentDeps;
beforeEach(async () => {
  t = await createBookingsUnderTest({ providers: { razorpay: provider({ fetch: slowFetch }) }, marketProviders: { IN: 'razorpay' } });
  replicaA = t.parts.paymentDeps;
  replicaB = { ...t.parts.paymentDeps, providers: { razorpay: provider({ fetch: slowFetch }) } };
});

/** A succeeded, captured Razorpay payment whose full refund is pending (started, not yet attempted). */
async function pendingRefund(): Promise<PaymentDoc> {
  const order = (await provider().openPayment({
    paymentId: crypto.randomUUID(),
    bookingId: 'b1',
    market: 'IN',
    amount: 50_000,
    currency: 'INR',
    idempotencyKey: `k_${crypto.randomUUID()}`,
  })) as { providerRef: string };
  const captured = fake.capture(order.providerRef).payment;
  const now = new Date(t.clock.now()).toISOString();
  const doc: PaymentDoc = {
    _id: crypto.randomUUID(),
    bookingId: 'b1',
    customerId: 'c1',
    market: 'IN',
    provider: 'razorpay',
    providerRef: order.providerRef,
    providerPaymentId: captured.id,
    status: 'succeeded',
    amount: 50_000,
    currency: 'INR',
    refunded: 0,
    leaseUntil: 0,
    refund: { state: 'pending', amount: 50_000, seq: 1, attempts: 0, nextAttemptAt: 0, reason: 'booking cancelled' },
    createdAt: now,
    updatedAt: now,
  };
  await t.parts.payments.payments.insertOne(doc);
  return doc;
}

const refundCalls = (p: PaymentDoc) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${p.providerPaymentId}/refund`);

describe('a pending refund attempted by two replicas at once', () => {
  it('calls Razorpay once: the other attempt finds it held and leaves it', async () => {
    const p = await pendingRefund();
    const [a, b] = await Promise.all([attemptRefund(replicaA, p), attemptRefund(replicaB, p)]);
    expect(refundCalls(p)).toHaveLength(1);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    expect(await t.parts.payments.findById(p._id)).toMatchObject({ status: 'refunded', refunded: 50_000, refund: { state: 'succeeded' } });
    expect((await t.parts.payments.findById(p._id))?.refund?.leaseUntil).toBeUndefined();
  });

  it('after a holder died mid-call, waits for the lease to expire and then finds the refund made under the key instead of making another', async () => {
    const p = await pendingRefund();
    // The dead replica: took the lease, made the refund at Razorpay, died before storing the outcome.
    await t.parts.payments.update({ _id: p._id }, { $set: { 'refund.leaseUntil': t.clock.now() + REFUND_LEASE_MS } });
    await provider().refund({
      providerRef: p.providerRef as string,
      providerPaymentId: p.providerPaymentId as string,
      amount: 50_000,
      currency: 'INR',
      idempotencyKey: `pay_${p._id}:refund:1`,
    });
    expect(refundCalls(p)).toHaveLength(1);
    expect(await attemptRefund(replicaB, p)).toBeNull();
    t.clock.advance(REFUND_LEASE_MS);
    expect(await attemptRefund(replicaB, p)).toMatchObject({ status: 'refunded', refund: { state: 'succeeded' } });
    expect(refundCalls(p)).toHaveLength(1);
  });
});
