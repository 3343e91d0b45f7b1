import type { BookingDoc } from '../bookings/model.ts';
import { paidBy } from '../payments/apply-event.ts';
import { isoNow, type PaymentDeps, providerOf } from '../payments/deps.ts';
import type { PaymentDoc } from '../payments/model.ts';
import { recordRefundFailure } from '../payments/refund-failures.ts';
import { cancelOpenPayment, startRefund } from '../payments/refunds.ts';

/** A payment that succeeded this recently is left to the request applying it (DESIGN.md: the reconciler waits ~1 min). */
export const PAYMENT_GRACE_MS = 60_000;
/** How often a succeeded payment of a booking still in progress is looked at again for a refund it may owe. */
export const REVIEW_EVERY_MS = 5 * 60_000;
/** A refund the provider took as pending is read back after this long (and again every as long). */
export const REFUND_CHECK_AFTER_MS = 15 * 60_000;

/**
 * Pays a `pending_payment` booking whose payment succeeded at least a minute ago but whose
 * booking step was lost (the process died between the two writes). The grace period leaves a
 * payment being applied right now to its own request, which refunds nothing it should keep.
 */
export async function payLostBookings(deps: PaymentDeps): Promise<number> {
  const before = new Date(deps.clock.now() - PAYMENT_GRACE_MS).toISOString();
  // Unpaid bookings are few (they expire within the quote's validity), so this stays small.
  const pending = await deps.bookings.find({ status: 'pending_payment' }, 500);
  let fixed = 0;
  for (const b of pending) {
    const [p] = await deps.payments.find({ bookingId: b._id, status: 'succeeded', refund: { $exists: false }, updatedAt: { $lte: before } }, 1);
    if (!p) continue;
    const now = isoNow(deps);
    const paid = await deps.lifecycle.move(
      b._id,
      { status: 'pending_payment', expiresAt: { $gt: now } },
      { action: 'pay', to: 'paid', by: { id: p._id, role: 'system' } },
    );
    if (paid) fixed++;
  }
  return fixed;
}

/**
 * Starts the refund every succeeded payment owes and nobody started: its booking was cancelled
 * or expired, or was paid by another payment, and the refund after the cancel (or the late
 * success's refund) never got its first write. Idempotent (startRefund is one conditional
 * update) and never above what was paid. Payments of bookings still in progress are looked at
 * again every REVIEW_EVERY_MS; those of completed bookings are marked settled and left.
 */
export async function refundOrphanedPayments(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now - PAYMENT_GRACE_MS).toISOString();
  const due = await deps.payments.find(
    {
      status: 'succeeded',
      refund: { $exists: false },
      settled: { $exists: false },
      updatedAt: { $lte: before },
      $or: [{ reviewAt: { $exists: false } }, { reviewAt: { $lte: now } }],
    },
    500,
  );
  let started = 0;
  for (const p of due) {
    const booking = await deps.bookings.findById(p.bookingId);
    const owed = refundOwed(booking, p);
    if (owed === 'refund') {
      deps.logger.warn('a succeeded payment owes a refund nobody started; starting it', { paymentId: p._id, bookingId: p.bookingId, status: booking?.status });
      const after = await startRefund(deps, p, booking?.status === 'cancelled' ? 'booking cancelled' : 'booking not payable when the payment succeeded').catch(
        (err) => {
          deps.logger.error('reconciler could not start a refund', { paymentId: p._id, error: String(err) });
          return null;
        },
      );
      if (after) started++;
    } else if (owed === 'settled') {
      await deps.payments.update({ _id: p._id, status: 'succeeded', refund: { $exists: false } }, { $set: { settled: true } });
    } else {
      await deps.payments.update({ _id: p._id, status: 'succeeded', refund: { $exists: false } }, { $set: { reviewAt: now + REVIEW_EVERY_MS } });
    }
  }
  return started;
}

/** What a succeeded, unrefunded payment owes given its booking now. */
function refundOwed(booking: BookingDoc | null, payment: PaymentDoc): 'refund' | 'settled' | 'later' {
  if (!booking) return 'refund';
  const mine = paidBy(booking, payment._id);
  const paidByOther = !mine && booking.history.some((h) => h.action === 'pay');
  if (paidByOther || booking.status === 'cancelled' || booking.status === 'expired') return 'refund';
  if (mine && booking.status === 'completed') return 'settled';
  // pending_payment (payLostBookings' work) or paid by this payment and still in progress.
  return 'later';
}

/**
 * Retries the provider cancel of an open payment whose booking was cancelled or expired (the
 * first attempt, right after the booking closed, failed), so the customer cannot pay it later.
 */
export async function cancelOpenPaymentsOfClosedBookings(deps: PaymentDeps): Promise<number> {
  const open = await deps.payments.find({ liveKey: { $exists: true }, status: { $in: ['requires_action', 'processing'] } }, 500);
  let cancelled = 0;
  for (const p of open) {
    const booking = await deps.bookings.findById(p.bookingId);
    if (booking && booking.status !== 'cancelled' && booking.status !== 'expired') continue;
    await cancelOpenPayment(deps, p.bookingId);
    if ((await deps.payments.findById(p._id))?.status === 'cancelled') cancelled++;
  }
  return cancelled;
}

/**
 * Reads back from the provider a refund it took as pending (`requested`) REFUND_CHECK_AFTER_MS
 * ago: a success is recorded, a failure is recorded, logged at error level and retried under a
 * new key, and one still pending is read again later.
 */
export async function checkRequestedRefunds(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now();
  const before = new Date(now - REFUND_CHECK_AFTER_MS).toISOString();
  const due = await deps.payments.find({
    'refund.state': 'requested',
    $or: [{ 'refund.checkAt': { $lte: now } }, { 'refund.checkAt': { $exists: false }, updatedAt: { $lte: before } }],
  });
  let settled = 0;
  for (const p of due) {
    const refund = p.refund;
    if (!refund?.ref) continue;
    const match = { _id: p._id, 'refund.state': 'requested', 'refund.seq': refund.seq };
    try {
      const read = await providerOf(deps, p.provider).readRefund(refund.ref, p.providerRef);
      if (read.status === 'succeeded') {
        const refunded = Math.min(p.amount, p.refunded + Math.min(read.amount, refund.amount));
        const done = await deps.payments.update(match, {
          $set: { refunded, status: refunded >= p.amount ? 'refunded' : 'succeeded', 'refund.state': 'succeeded', updatedAt: isoNow(deps) },
        });
        if (done) settled++;
      } else if (read.status === 'failed') {
        if (await recordRefundFailure(deps, p, `the provider reports refund ${refund.ref} failed`)) settled++;
      } else {
        await deps.payments.update(match, { $set: { 'refund.checkAt': now + REFUND_CHECK_AFTER_MS } });
      }
    } catch (err) {
      deps.logger.warn('reconciler could not read a refund', { paymentId: p._id, refundRef: refund.ref, error: String(err) });
    }
  }
  return settled;
}
