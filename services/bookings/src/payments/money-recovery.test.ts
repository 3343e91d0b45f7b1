import { beforeEach, describe, expect, it } from 'bun:test';
import type { Filter } from '@tm/shared/store';
import type { BookingDoc } from '../bookings/model.ts';
import { PAYMENT_GRACE_MS, REFUND_CHECK_AFTER_MS } from '../reconciler/money-duties.ts';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';
import { createTestProvider } from '../testing/test-provider.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

let t: BookingsUnderTest;
let stripe: ReturnType<typeof createTestProvider>;
beforeEach(async () => {
  stripe = createTestProvider();
  t = await createBookingsUnderTest({ providers: { stripe: stripe as unknown as PaymentProvider }, marketProviders: { DE: 'stripe' } });
});

async function stripePayment() {
  const customer = await t.tokenFor('customer');
  const b = (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x', hours: 3 }] }, headers: { 'x-country': 'DE' } })).body
    .data;
  const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
  return { customer, b, p, ref: (await t.parts.payments.findById(p.id))?.providerRef as string };
}

const webhook = (events: unknown[]) =>
  t.call('POST', '/payments/webhooks/stripe', { raw: JSON.stringify(events), headers: { 'x-test-signature': 'ok', 'content-type': 'application/json' } });

const success = (ref: string, amount: number, eventId = `evt_${crypto.randomUUID()}`): PaymentEvent => ({
  kind: 'payment_succeeded',
  eventId,
  provider: 'stripe',
  providerRef: ref,
  amount,
  currency: 'EUR',
});

/** Runs `before` once, just before the first call of a repository method whose filter matches `when`. */
function interceptOnce<R extends Record<string, unknown>>(
  repo: R,
  method: keyof R & string,
  when: (filter: Filter) => boolean,
  before: () => Promise<void> | void,
) {
  const original = (repo[method] as (...a: unknown[]) => Promise<unknown>).bind(repo);
  let done = false;
  (repo as Record<string, unknown>)[method] = async (filter: Filter, ...rest: unknown[]) => {
    if (!done && when(filter)) {
      done = true;
      await before();
    }
    return original(filter, ...rest);
  };
}

/** The pay move as the reconciler's replay writes it (through the one repository method). */
const payBy = (paymentId: string, at: string) =>
  [
    { status: 'paid', updatedAt: at },
    { status: 'paid', at, by: { id: paymentId, role: 'system' }, action: 'pay' },
  ] as const;

describe('a payment and its booking racing the reconciler', () => {
  it('keeps the money when the booking was paid by this very payment between the payment update and the booking step', async () => {
    const { b, p, ref } = await stripePayment();
    const { bookings } = t.parts;
    const transition = bookings.applyTransition.bind(bookings);
    // The reconciler's replay lands first: the payment's own booking update then finds it paid.
    interceptOnce(
      bookings as unknown as Record<string, unknown>,
      'applyTransition',
      (filter) => filter.status === 'pending_payment',
      async () => void (await transition({ _id: b.id, status: 'pending_payment' }, ...payBy(p.id, new Date(t.clock.now()).toISOString()))),
    );
    expect((await webhook([success(ref, b.total)])).body.data.outcomes).toEqual(['applied']);
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'succeeded', refunded: 0 });
    expect((await t.parts.payments.findById(p.id))?.refund).toBeUndefined();
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
    expect(stripe.refunds).toEqual([]);
  });

  it('pays a booking whose payment succeeded without it only after a minute of grace', async () => {
    const { b, p } = await stripePayment();
    // The payment's update landed; the process died before the booking step.
    await t.parts.payments.update({ _id: p.id }, { $set: { status: 'succeeded', updatedAt: new Date(t.clock.now()).toISOString() }, $unset: { liveKey: '' } });
    expect((await t.reconciler.tick()).bookingsPaid).toBe(0);
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('pending_payment');
    t.clock.advance(PAYMENT_GRACE_MS + 1);
    expect((await t.reconciler.tick()).bookingsPaid).toBe(1);
    const booking = (await t.parts.bookings.findById(b.id)) as BookingDoc;
    expect(booking.status).toBe('paid');
    expect(booking.history.at(-1)?.by.id).toBe(p.id);
    expect(stripe.refunds).toEqual([]);
  });
});

describe('refunds nobody started', () => {
  it('starts the refund of a cancelled paid booking whose first refund write failed, once', async () => {
    const { customer, b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    interceptOnce(
      t.parts.payments as unknown as Record<string, unknown>,
      'update',
      (filter) => 'refund' in filter,
      () => {
        throw new Error('injected: the write starting the refund failed');
      },
    );
    expect((await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token })).status).toBe(200);
    expect((await t.parts.payments.findById(p.id))?.refund).toBeUndefined();
    t.clock.advance(PAYMENT_GRACE_MS + 1);
    expect((await t.reconciler.tick()).refundsStarted).toBe(1);
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total });
    await t.reconciler.tick();
    t.clock.advance(60 * 60_000);
    await t.reconciler.tick();
    expect(stripe.refunds).toEqual([{ providerRef: ref, amount: b.total, currency: 'EUR', idempotencyKey: `pay_${p.id}:refund:1` }]);
  });

  it("refunds a late success for a booking another payment paid, when the late refund's outbox message was never written", async () => {
    const { customer, b, p: first, ref: firstRef } = await stripePayment();
    await webhook([{ ...success(firstRef, b.total), kind: 'payment_failed' }]);
    const second = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
    const secondRef = (await t.parts.payments.findById(second.id))?.providerRef as string;
    expect(second.id).not.toBe(first.id);
    await webhook([success(secondRef, b.total)]);
    // The late refund's outbox message is never written (the store failed that one write).
    const enqueue = t.parts.outbox.enqueue;
    t.parts.outbox.enqueue = async () => {
      t.parts.outbox.enqueue = enqueue;
      throw new Error('injected: the late refund was not queued');
    };
    // The first payment's success arrives late: the booking is already paid by the second.
    expect((await webhook([success(firstRef, b.total)])).body.data.outcomes).toEqual(['refunded_late']);
    expect((await t.parts.payments.findById(first.id))?.refund).toBeUndefined();
    t.clock.advance(PAYMENT_GRACE_MS + 1);
    expect((await t.reconciler.tick()).refundsStarted).toBe(1);
    expect(await t.parts.payments.findById(first.id)).toMatchObject({ status: 'refunded', refunded: b.total });
    // The payment that paid the booking keeps its money.
    expect(await t.parts.payments.findById(second.id)).toMatchObject({ status: 'succeeded', refunded: 0 });
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
    expect(stripe.refunds.map((r) => r.providerRef)).toEqual([firstRef]);
  });

  it('never refunds the payment of a booking still in progress, and settles it once completed', async () => {
    const { b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * 60_000);
      expect((await t.reconciler.tick()).refundsStarted).toBe(0);
    }
    await t.parts.lifecycle.move(b.id, { status: 'paid' }, { action: 'complete', to: 'completed', by: { id: 'admin-1', role: 'admin' } });
    t.clock.advance(10 * 60_000);
    await t.reconciler.tick();
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'succeeded', refunded: 0, settled: true });
    expect(stripe.refunds).toEqual([]);
  });
});

describe('refunds the provider took as pending', () => {
  async function pendingRefund() {
    stripe.refundStatus = 'pending';
    const { customer, b, p, ref } = await stripePayment();
    await webhook([success(ref, b.total)]);
    await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token });
    expect((await t.parts.payments.findById(p.id))?.refund).toMatchObject({ state: 'requested', ref: 're_1' });
    return { b, p, ref };
  }

  it('reads a pending refund back after a while and records its success', async () => {
    const { b, p } = await pendingRefund();
    expect((await t.reconciler.tick()).refundsChecked).toBe(0);
    stripe.refundStates.set('re_1', { status: 'succeeded', amount: b.total });
    t.clock.advance(REFUND_CHECK_AFTER_MS + 1);
    expect((await t.reconciler.tick()).refundsChecked).toBe(1);
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total, refund: { state: 'succeeded' } });
    expect(stripe.refunds.length).toBe(1);
  });

  it('reads a pending refund back again later while the provider still has it pending', async () => {
    const { p } = await pendingRefund();
    t.clock.advance(REFUND_CHECK_AFTER_MS + 1);
    await t.reconciler.tick();
    expect((await t.parts.payments.findById(p.id))?.refund?.state).toBe('requested');
    expect((await t.parts.payments.findById(p.id))?.refund?.checkAt).toBe(t.clock.now() + REFUND_CHECK_AFTER_MS);
  });

  it('records a refund the provider reports failed, logs it as an error and refunds again under a new key, never above what was paid', async () => {
    const { b, p, ref } = await pendingRefund();
    stripe.refundStates.set('re_1', { status: 'failed', amount: b.total });
    t.clock.advance(REFUND_CHECK_AFTER_MS + 1);
    await t.reconciler.tick();
    const failed = await t.parts.payments.findById(p.id);
    expect(failed?.refund).toMatchObject({ state: 'pending', seq: 2, failures: 1 });
    expect(t.logger.lines.some((l) => l.level === 'error' && String(l.msg).startsWith('a refund failed at the provider'))).toBe(true);
    stripe.refundStatus = 'succeeded';
    await t.reconciler.tick();
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total });
    expect(stripe.refunds.map((r) => [r.idempotencyKey, r.amount, r.providerRef])).toEqual([
      [`pay_${p.id}:refund:1`, b.total, ref],
      [`pay_${p.id}:refund:2`, b.total, ref],
    ]);
  });

  it("applies the provider's refund_failed event once: the refund is retried under a new key", async () => {
    const { b, p, ref } = await pendingRefund();
    const failedEvent = {
      kind: 'refund_failed',
      eventId: 'evt_rf',
      provider: 'stripe',
      providerRef: ref,
      refundRef: 're_1',
      amountRefunded: 0,
      currency: 'EUR',
    };
    expect((await webhook([failedEvent, failedEvent])).body.data.outcomes).toEqual(['applied', 'duplicate']);
    expect((await t.parts.payments.findById(p.id))?.refund).toMatchObject({ state: 'pending', seq: 2 });
    stripe.refundStatus = 'succeeded';
    await t.reconciler.tick();
    expect(await t.parts.payments.findById(p.id)).toMatchObject({ status: 'refunded', refunded: b.total });
    expect(stripe.refunds.map((r) => r.idempotencyKey)).toEqual([`pay_${p.id}:refund:1`, `pay_${p.id}:refund:2`]);
  });
});

describe('open payments of bookings that can no longer be paid', () => {
  it('answers 409 BOOKING_NOT_PAYABLE instead of the live payment of a cancelled booking, and the reconciler retries its provider cancel', async () => {
    const { customer, b, p, ref } = await stripePayment();
    stripe.failCancels = 1;
    expect((await t.call('POST', `/bookings/${b.id}/cancel`, { token: customer.token })).status).toBe(200);
    expect((await t.parts.payments.findById(p.id))?.status).toBe('requires_action');
    const again = await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('BOOKING_NOT_PAYABLE');
    expect((await t.reconciler.tick()).openPaymentsCancelled).toBe(1);
    expect((await t.parts.payments.findById(p.id))?.status).toBe('cancelled');
    expect(stripe.cancels).toEqual([ref]);
  });

  it('answers 409 BOOKING_NOT_PAYABLE for the live payment of a booking past expiresAt', async () => {
    const { customer, b } = await stripePayment();
    t.clock.advance(31 * 60_000);
    const fresh = await t.tokenFor('customer', { sub: customer.sub });
    const again = await t.call('POST', '/payments', { token: fresh.token, body: { bookingId: b.id } });
    expect(again.body.error.code).toBe('BOOKING_NOT_PAYABLE');
  });
});
