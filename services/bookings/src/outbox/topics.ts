import type { Clock, Logger } from '@tm/shared';
import { createOutbox, type Outbox, type OutboxHandler, type OutboxMessage } from '@tm/shared/outbox';
import type { DocumentStore } from '@tm/shared/store';
import type { BookingRepository } from '../bookings/repository.ts';
import type { BookingMailKind, Notifier } from '../mail/notifier.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { cancelOpenPayment, refundCancelledBooking, startRefund } from '../payments/refunds.ts';

/**
 * Bookings' outbox topics (docs/operations.md "Outbox"): every side effect of a booking's or a
 * payment's change, stored with it and delivered by the outbox worker of whichever replica
 * claims it. Each handler reads the booking or payment as it is when delivering, and is safe to
 * run again under the same key (a process dying after the effect and before `delivered`):
 * - `booking.mail`: one mail; sent again only in that narrow case (SMTP has no key).
 * - `booking.refund` and `payment.refund`: start the payment's one refund (a conditional update
 *   only the first caller wins) and attempt it under the refund's lease (refunds.ts), so a
 *   provider without idempotency keys (Razorpay) is never asked twice.
 * - `booking.close-payment`: cancels the open payment of an expired booking (under a provider key).
 */
export type BookingEffect = { topic: 'booking.mail'; kind: BookingMailKind } | { topic: 'booking.refund' } | { topic: 'booking.close-payment' };

/** The outbox message of `effect` for the change named `change` (the message key is derived from it). */
export function effectMessage(change: string, bookingId: string, effect: BookingEffect): OutboxMessage {
  if (effect.topic === 'booking.mail') return { key: `${change}:mail:${effect.kind}`, topic: effect.topic, payload: { bookingId, kind: effect.kind } };
  return { key: `${change}:${effect.topic}`, topic: effect.topic, payload: { bookingId } };
}

/** The refund of a payment that succeeded for a booking that could not be paid any more. */
export function lateRefundMessage(paymentId: string, reason: string): OutboxMessage {
  return { key: `payment:${paymentId}:late-refund`, topic: 'payment.refund', payload: { paymentId, reason } };
}

export interface BookingsOutboxDeps {
  documents: DocumentStore;
  clock: Clock;
  logger: Logger;
  notifier: Notifier;
  bookings: BookingRepository;
  /** The payment use cases (built after the outbox, which they write to). */
  payments: () => PaymentDeps;
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: readonly number[];
  stagedGraceMs?: number;
  paused?: boolean;
  onOutcome?(topic: string, outcome: 'delivered' | 'retry' | 'failed' | 'void'): void;
}

/** Bookings' outbox on its own store, with a handler per topic. */
export function createBookingsOutbox(deps: BookingsOutboxDeps): Outbox {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const handlers: Record<string, OutboxHandler> = {
    async 'booking.mail'(payload) {
      const booking = await deps.bookings.findById(str(payload.bookingId));
      if (booking) await deps.notifier.send(payload.kind as BookingMailKind, booking);
    },
    async 'booking.refund'(payload) {
      const booking = await deps.bookings.findById(str(payload.bookingId));
      if (booking) await refundCancelledBooking(deps.payments(), booking);
    },
    async 'booking.close-payment'(payload) {
      await cancelOpenPayment(deps.payments(), str(payload.bookingId));
    },
    async 'payment.refund'(payload) {
      const payments = deps.payments();
      const payment = await payments.payments.findById(str(payload.paymentId));
      if (payment) await startRefund(payments, payment, str(payload.reason) || 'refund owed');
    },
  };
  return createOutbox({
    documents: deps.documents,
    clock: deps.clock,
    logger: deps.logger,
    handlers,
    ...(deps.leaseMs !== undefined ? { leaseMs: deps.leaseMs } : {}),
    ...(deps.pollMs !== undefined ? { pollMs: deps.pollMs } : {}),
    ...(deps.backoffMs !== undefined ? { backoffMs: deps.backoffMs } : {}),
    ...(deps.stagedGraceMs !== undefined ? { stagedGraceMs: deps.stagedGraceMs } : {}),
    ...(deps.onOutcome ? { onOutcome: deps.onOutcome } : {}),
    ...(deps.paused ? { paused: true } : {}),
  });
}
