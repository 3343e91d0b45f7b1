import {
  type AccountErasure,
  AccountErasureSchema,
  type AccountExportPart,
  AccountExportPartSchema,
  type BookingFacts,
  BookingFactsSchema,
} from '@tm/contracts';
import { type Clock, DomainError, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { ACTIVE_STATUSES, type Actor, type BookingDoc, toBooking } from '../bookings/model.ts';
import type { BookingRepository } from '../bookings/repository.ts';
import { type BookingUseCaseDeps, transitionBooking } from '../bookings/use-cases.ts';
import type { Idempotency } from '../idempotency/idempotency.ts';
import { toPayment } from '../payments/model.ts';
import type { PaymentRepository } from '../payments/repository.ts';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });
const BookingParams = t.Object({ bookingId: t.String({ minLength: 1, maxLength: 100 }) });

/** A stored booking as the facts other services may know (participants, status, services): no amounts, contact or notes. */
export function factsOf(doc: BookingDoc): BookingFacts {
  const completed = doc.history.findLast((h) => h.status === 'completed');
  return {
    id: doc._id,
    number: doc.number,
    status: doc.status,
    market: doc.market,
    customerId: doc.customerId,
    pm: doc.pm ?? null,
    serviceIds: [...new Set(doc.quote.lines.map((l) => l.serviceId))],
    completedAt: doc.status === 'completed' && completed ? completed.at : null,
    updatedAt: doc.updatedAt,
  };
}

/** Who closes an erased person's unpaid bookings (their history's `by`). */
const ERASURE: Actor = { id: 'account-erasure', role: 'system' };

/**
 * Other services' reads of a booking's facts (messaging, reviews), and auth's data-rights calls
 * (not routed by the gateway): a person's bookings and payments as one export part, and erasure.
 * Erasure is refused with 409 ACCOUNT_HAS_ACTIVE_BOOKINGS (nothing changed) while work is owed;
 * else every unpaid booking is cancelled through the lifecycle (its open payment closed at the
 * provider, so a payment that succeeds later is refunded by the late-success path, never kept),
 * then contact data, notes and the free text of the history (cancel reasons) go from every
 * booking (amounts kept for accounting) in one update whose filter excludes paid, confirmed and
 * in-progress bookings, so one paid between the check and the write keeps its data, and the
 * answer is 409 then too. The stored idempotency answers of the person (and of the guest
 * sessions whose bookings were handed over to them) are deleted. Idempotent.
 */
export function createInternalRoutes(deps: {
  bookings: BookingRepository;
  payments: PaymentRepository;
  clock: Clock;
  /** The booking lifecycle (what a cancel goes through). */
  lifecycle: BookingUseCaseDeps;
  idempotency: Pick<Idempotency, 'forgetCallers'>;
}) {
  return new Elysia({ name: 'bookings-internal' })
    .get(
      '/internal/bookings/:bookingId/facts',
      async ({ params }): Promise<{ success: true; data: BookingFacts }> => {
        const doc = await deps.bookings.findById(params.bookingId);
        if (!doc) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
        return ok(factsOf(doc));
      },
      { params: BookingParams, response: { 200: envelopeOf(BookingFactsSchema) } },
    )
    .get(
      '/internal/accounts/:userId/export',
      async ({ params }): Promise<{ success: true; data: AccountExportPart }> => {
        const bookings = await deps.bookings.find({ customerId: params.userId }, 10_000);
        const payments = await deps.payments.find({ customerId: params.userId }, 10_000);
        return ok({ service: 'bookings', data: { bookings: bookings.map(toBooking), payments: payments.map(toPayment) } });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountExportPartSchema) } },
    )
    .post(
      '/internal/accounts/:userId/erase',
      async ({ params }): Promise<{ success: true; data: AccountErasure }> => {
        const activeNow = () => deps.bookings.find({ customerId: params.userId, status: { $in: ACTIVE_STATUSES } }, 1);
        if ((await activeNow()).length > 0) throw new DomainError('ACCOUNT_HAS_ACTIVE_BOOKINGS', 'This person has a paid, confirmed or in-progress booking');
        // Unpaid bookings are cancelled as any cancel is (a conditional transition, then the open
        // payment closed): nobody can pay them afterwards, and a payment already on its way that
        // succeeds later finds the booking cancelled and is refunded at once.
        for (const unpaid of await deps.bookings.find({ customerId: params.userId, status: 'pending_payment' }, 10_000)) {
          // Silent: the person is being forgotten, so no "Booking cancelled" mail (the payment is still closed).
          await transitionBooking(deps.lifecycle, ERASURE, unpaid._id, 'cancel', { silent: true }).catch((err) => {
            // Paid or expired meanwhile: a paid one makes the answer 409 below, an expired one needs nothing.
            if (!(err instanceof DomainError)) throw err;
          });
        }
        const now = new Date(deps.clock.now()).toISOString();
        // One conditional update: a booking paid between a check and a write keeps its contact
        // data, because the status is part of the filter of the write itself.
        await deps.bookings.updateMany(
          { customerId: params.userId, erasedAt: { $exists: false }, status: { $nin: ACTIVE_STATUSES } },
          { $unset: { contact: '', notes: '', 'history.$[].reason': '' }, $set: { erasedAt: now, updatedAt: now }, $inc: { version: 1 } },
        );
        const mine = await deps.bookings.find({ customerId: params.userId }, 100_000);
        const guests = new Set(mine.flatMap((b) => (b.handedOverFrom ? [b.handedOverFrom] : [])));
        await deps.idempotency.forgetCallers([params.userId, ...guests]);
        // A booking paid between the check and the write kept its data; the erasure is not complete.
        if ((await activeNow()).length > 0) throw new DomainError('ACCOUNT_HAS_ACTIVE_BOOKINGS', 'This person has a paid, confirmed or in-progress booking');
        return ok({ service: 'bookings', erased: true as const, kept: mine.length });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
