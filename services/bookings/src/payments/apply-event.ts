import { isDuplicateKeyError } from '@tm/shared/store';
import type { BookingDoc } from '../bookings/model.ts';
import { lateRefundMessage } from '../outbox/topics.ts';
import { isoNow, type PaymentDeps } from './deps.ts';
import type { PaymentDoc } from './model.ts';
import type { PaymentEvent } from './provider.ts';
import { recordRefundFailure } from './refund-failures.ts';

/** What applying an event did (logged, and answered to the dev routes' tests). */
export type EventOutcome = 'applied' | 'duplicate' | 'unknown_payment' | 'mismatch' | 'ignored' | 'refunded_late';

const UNFINISHED = ['opening', 'requires_action', 'processing'];

/**
 * Applies one normalised provider event (webhooks, the dev routes, the client's verify and the
 * reconciler all come here). Each event id is applied once (a unique insert), an event whose
 * amount or currency differs from the payment's never pays, states only move forward (a late
 * failure never un-pays), a booking is paid at most once, and a success for a booking that can
 * no longer be paid is refunded at once.
 */
export async function applyPaymentEvent(deps: PaymentDeps, event: PaymentEvent): Promise<EventOutcome> {
  const eventKey = `${event.provider}:${event.eventId}`;
  try {
    await deps.payments.events.insertOne({ _id: eventKey, receivedAt: new Date(deps.clock.now()), kind: event.kind, providerRef: event.providerRef });
  } catch (err) {
    if (isDuplicateKeyError(err)) return 'duplicate';
    throw err;
  }
  try {
    const payment = await deps.payments.findByRef(event.providerRef);
    if (!payment || payment.provider !== event.provider) {
      // Forgotten again, so a redelivery after we stored the payment's reference still applies.
      await deps.payments.events.deleteOne({ _id: eventKey });
      deps.logger.warn('payment event for an unknown payment', { eventId: eventKey, providerRef: event.providerRef });
      return 'unknown_payment';
    }
    const outcome = await applyTo(deps, payment, event);
    if (outcome !== 'applied') deps.logger.info('payment event not applied', { eventId: eventKey, paymentId: payment._id, outcome });
    return outcome;
  } catch (err) {
    // Not applied: forget the event so the provider's redelivery (or the reconciler) applies it.
    await deps.payments.events.deleteOne({ _id: eventKey }).catch(() => undefined);
    throw err;
  }
}

async function applyTo(deps: PaymentDeps, payment: PaymentDoc, event: PaymentEvent): Promise<EventOutcome> {
  if (event.currency !== payment.currency) return mismatch(deps, payment, event);
  switch (event.kind) {
    case 'payment_succeeded': {
      if (event.amount !== payment.amount) return mismatch(deps, payment, event);
      const succeeded = await deps.payments.update(
        { _id: payment._id, status: { $in: [...UNFINISHED, 'failed', 'cancelled'] } },
        { $set: { status: 'succeeded', ...(event.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {}), updatedAt: isoNow(deps) } },
      );
      if (!succeeded) return 'duplicate';
      deps.counters?.paymentFinished(payment.provider, 'succeeded');
      return payBooking(deps, succeeded);
    }
    case 'payment_failed':
    case 'payment_cancelled': {
      const moved = await deps.payments.update(
        { _id: payment._id, status: { $in: UNFINISHED } },
        { $set: { status: event.kind === 'payment_failed' ? 'failed' : 'cancelled', updatedAt: isoNow(deps) }, $unset: { liveKey: '' } },
      );
      if (moved) deps.counters?.paymentFinished(payment.provider, event.kind === 'payment_failed' ? 'failed' : 'cancelled');
      return moved ? 'applied' : 'ignored';
    }
    case 'refund_succeeded': {
      const total = Math.min(payment.amount, event.amountRefunded);
      const moved = await deps.payments.update(
        { _id: payment._id, refunded: { $lt: total }, status: { $in: ['succeeded', 'refunded'] } },
        {
          $set: {
            refunded: total,
            status: total >= payment.amount ? 'refunded' : 'succeeded',
            ...(total >= payment.amount && payment.refund ? { 'refund.state': 'succeeded' } : {}),
            updatedAt: isoNow(deps),
          },
        },
      );
      if (moved) deps.counters?.refundFinished(payment.provider, 'succeeded');
      return moved ? 'applied' : 'ignored';
    }
    case 'refund_failed': {
      const moved = await recordRefundFailure(deps, payment, `the provider reported the refund failed (event ${event.eventId})`);
      return moved ? 'applied' : 'ignored';
    }
  }
}

function mismatch(deps: PaymentDeps, payment: PaymentDoc, event: PaymentEvent): EventOutcome {
  deps.logger.error('payment event amount or currency differs from the payment; not applied', {
    paymentId: payment._id,
    expected: { amount: payment.amount, currency: payment.currency },
    got: { amount: 'amount' in event ? event.amount : event.amountRefunded, currency: event.currency },
  });
  return 'mismatch';
}

/**
 * Pays the booking of a payment that just succeeded: one conditional update from an unexpired
 * `pending_payment`. When the booking can no longer be paid (expired, cancelled, or paid by
 * another payment), the money goes back at once.
 */
async function payBooking(deps: PaymentDeps, payment: PaymentDoc): Promise<EventOutcome> {
  const now = isoNow(deps);
  const pay = () =>
    deps.lifecycle.move(
      payment.bookingId,
      { status: 'pending_payment', expiresAt: { $gt: now } },
      { action: 'pay', to: 'paid', by: { id: payment._id, role: 'system' } },
    );
  if (await pay()) return 'applied';
  // The update did not match: find out why before giving any money back. The booking may have
  // been paid by this very payment meanwhile (the reconciler replaying a lost booking step).
  const booking = await deps.bookings.findById(payment.bookingId);
  if (booking && paidBy(booking, payment._id)) return 'applied';
  if (booking?.status === 'pending_payment' && booking.expiresAt > now) {
    // Still payable (a concurrent write moved its version, nothing else): pay it now.
    if (await pay()) return 'applied';
    const again = await deps.bookings.findById(payment.bookingId);
    if (again && paidBy(again, payment._id)) return 'applied';
  }
  // Past expiresAt but not yet swept: expire it now, so it never turns paid later.
  await deps.lifecycle.move(
    payment.bookingId,
    { status: 'pending_payment', expiresAt: { $lte: now } },
    { action: 'expire', to: 'expired', by: { id: 'reconciler', role: 'system' } },
  );
  const final = await deps.bookings.findById(payment.bookingId);
  if (final && paidBy(final, payment._id)) return 'applied';
  deps.logger.warn('payment succeeded for a booking that cannot be paid; refunding at once', {
    paymentId: payment._id,
    bookingId: payment.bookingId,
    status: final?.status,
  });
  // Through the outbox: the webhook is answered fast and the refund survives a restart; should
  // this write itself be lost, the reconciler's orphan duty starts the refund (refundOrphanedPayments).
  await deps.outbox
    .enqueue([lateRefundMessage(payment._id, 'booking not payable when the payment succeeded')])
    .catch((err) => deps.logger.error('late refund not queued; the reconciler starts it', { paymentId: payment._id, error: String(err) }));
  return 'refunded_late';
}

/** Whether `booking` was paid by `paymentId` (its history names the payment that paid it). */
export function paidBy(booking: BookingDoc, paymentId: string): boolean {
  return booking.history.some((h) => h.action === 'pay' && h.by.id === paymentId);
}
