import type { BookingDoc } from '../bookings/model.ts';
import { isoNow, type PaymentDeps, providerOf } from './deps.ts';
import type { PaymentDoc } from './model.ts';
import { ProviderRejectedError } from './providers/index.ts';

/**
 * How long one attempt holds a pending refund (longer than any provider call takes): of two
 * replicas (or a replica's request and its reconciler) attempting the same refund, only the one
 * holding it calls the provider. Razorpay takes no idempotency key, so this and the adapter's
 * look-up of a refund under the key before making one are what keep it from refunding twice.
 */
export const REFUND_LEASE_MS = 2 * 60_000;

/** Backoff between refund attempts the provider could not take (ms), by attempt. */
const REFUND_BACKOFF_MS = [0, 60_000, 5 * 60_000, 30 * 60_000];

/**
 * Starts the one full refund of a succeeded payment: a conditional update that only the first
 * caller wins (status succeeded, no refund yet), for what was paid minus anything refunded.
 * The provider call follows; an unknown outcome leaves the refund `pending` for the reconciler,
 * a refusal marks it `failed` (see attemptRefund).
 */
export async function startRefund(deps: PaymentDeps, payment: PaymentDoc, reason: string): Promise<PaymentDoc | null> {
  const amount = payment.amount - payment.refunded;
  if (amount <= 0) return null;
  const started = await deps.payments.update(
    { _id: payment._id, status: 'succeeded', refund: { $exists: false } },
    { $set: { refund: { state: 'pending', amount, seq: 1, attempts: 0, nextAttemptAt: 0, reason }, updatedAt: isoNow(deps) } },
  );
  if (!started) return null;
  return attemptRefund(deps, started);
}

/** Refunds the succeeded payment of a cancelled booking, if it has one; else closes its open payment. */
export async function refundCancelledBooking(deps: PaymentDeps, booking: BookingDoc): Promise<void> {
  const [paid] = await deps.payments.find({ bookingId: booking._id, status: 'succeeded' }, 1);
  if (paid) await startRefund(deps, paid, 'booking cancelled');
  else await cancelOpenPayment(deps, booking._id);
}

/** One provider call for a pending refund; the outcome is stored with a conditional update. */
export async function attemptRefund(deps: PaymentDeps, payment: PaymentDoc): Promise<PaymentDoc | null> {
  const refund = payment.refund;
  if (refund?.state !== 'pending' || !payment.providerRef) return null;
  const provider = providerOf(deps, payment.provider);
  const match = { _id: payment._id, 'refund.state': 'pending', 'refund.seq': refund.seq };
  // The attempt's lease: nobody else calls the provider for this refund until it is given back or expires.
  const now = deps.clock.now();
  const leased = await deps.payments.update(
    { ...match, $or: [{ 'refund.leaseUntil': { $exists: false } }, { 'refund.leaseUntil': { $lte: now } }] },
    { $set: { 'refund.leaseUntil': now + REFUND_LEASE_MS } },
  );
  if (!leased) return null;
  /** The attempt's outcome, stored only while the refund is still this one, giving the lease back. */
  const finish = (update: { $set: Record<string, unknown>; $inc?: Record<string, number> }) =>
    deps.payments.update(match, { ...update, $unset: { 'refund.leaseUntil': '' } });
  // Never above what was paid: the amount was fixed as paid minus refunded when the refund started,
  // and anything refunded since (a refund event from the provider's dashboard) is taken off again.
  const amount = Math.min(refund.amount, leased.amount - leased.refunded);
  if (amount <= 0) return finish({ $set: { 'refund.state': 'succeeded', updatedAt: isoNow(deps) } });
  try {
    const result = await provider.refund({
      providerRef: payment.providerRef,
      ...(payment.providerPaymentId ? { providerPaymentId: payment.providerPaymentId } : {}),
      amount,
      currency: payment.currency,
      idempotencyKey: `pay_${payment._id}:refund:${refund.seq}`,
    });
    if (result.status === 'succeeded') {
      const refunded = Math.min(leased.amount, leased.refunded + Math.min(result.amount, amount));
      const stored = await finish({
        $set: {
          refunded,
          status: refunded >= payment.amount ? 'refunded' : 'succeeded',
          'refund.state': 'succeeded',
          'refund.ref': result.refundRef,
          updatedAt: isoNow(deps),
        },
      });
      if (stored) deps.counters?.refundFinished(payment.provider, 'succeeded');
      return stored;
    }
    if (result.status === 'pending') return finish({ $set: { 'refund.state': 'requested', 'refund.ref': result.refundRef, updatedAt: isoNow(deps) } });
    // The provider took the refund and then failed it (a closed card): a new refund, under a new key, later.
    deps.logger.error('the provider failed a refund; retried later under a new key', { paymentId: payment._id, refundRef: result.refundRef });
    return finish({
      $set: { 'refund.nextAttemptAt': nextAttempt(deps, refund.attempts), updatedAt: isoNow(deps) },
      $inc: { 'refund.seq': 1, 'refund.attempts': 1 },
    });
  } catch (err) {
    if (err instanceof ProviderRejectedError) {
      // Refused for good: under this key the provider replays its answer for ever, and under a new
      // key the same request meets the same refusal (an amount above what is left, an unknown id).
      // Stored as failed with the provider's reason, shown on the payment, and left to staff; the
      // key moves on so that whatever is tried next is a new request.
      deps.logger.error('the provider refused a refund; it needs attention and is not retried on its own', {
        paymentId: payment._id,
        bookingId: payment.bookingId,
        amount,
        currency: payment.currency,
        code: err.code,
        status: err.status,
        error: err.message,
      });
      const at = isoNow(deps);
      const stored = await finish({
        $set: { 'refund.state': 'failed', 'refund.failure': { code: err.code, message: err.message, status: err.status, at }, updatedAt: at },
        $inc: { 'refund.seq': 1, 'refund.attempts': 1 },
      });
      if (stored) deps.counters?.refundFinished(payment.provider, 'failed');
      return stored;
    }
    // Outcome unknown (timeout, outage): retried under the same key, so it cannot refund twice.
    deps.logger.warn('refund not confirmed by the provider; the reconciler retries it', { paymentId: payment._id, error: String(err) });
    return finish({ $set: { 'refund.nextAttemptAt': nextAttempt(deps, refund.attempts) }, $inc: { 'refund.attempts': 1 } });
  }
}

function nextAttempt(deps: PaymentDeps, attempts: number): number {
  return deps.clock.now() + (REFUND_BACKOFF_MS[Math.min(attempts + 1, REFUND_BACKOFF_MS.length - 1)] ?? 60_000);
}

/**
 * Closes the open payment of a booking that will never be paid (cancelled or expired) at its
 * provider, so the customer cannot pay it later; should it succeed anyway, the event path refunds it.
 */
export async function cancelOpenPayment(deps: PaymentDeps, bookingId: string): Promise<void> {
  const live = await deps.payments.findLive(bookingId);
  if (!live?.providerRef || (live.status !== 'requires_action' && live.status !== 'processing')) return;
  try {
    await providerOf(deps, live.provider).cancelPayment(live.providerRef, `pay_${live._id}:cancel`);
    await deps.payments.update({ _id: live._id, status: live.status }, { $set: { status: 'cancelled', updatedAt: isoNow(deps) }, $unset: { liveKey: '' } });
  } catch (err) {
    deps.logger.warn('could not cancel an open payment at its provider', { paymentId: live._id, error: String(err) });
  }
}
