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
import { ACTIVE_STATUSES, type BookingDoc, toBooking } from '../bookings/model.ts';
import type { BookingRepository } from '../bookings/repository.ts';
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

/**
 * Other services' reads of a booking's facts (messaging, reviews), and auth's data-rights calls (not routed by the gateway): a person's bookings and payments as one
 * export part, and erasure: refused with 409 ACCOUNT_HAS_ACTIVE_BOOKINGS (nothing changed) while
 * work is owed, else contact data and notes go from every booking (amounts kept for accounting)
 * in one update whose filter excludes paid, confirmed and in-progress bookings, so one paid
 * between the check and the write keeps its data, and the answer is 409 then too. Idempotent.
 */
export function createInternalRoutes(deps: { bookings: BookingRepository; payments: PaymentRepository; clock: Clock }) {
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
        const now = new Date(deps.clock.now()).toISOString();
        // One conditional update: a booking paid between a check and a write keeps its contact
        // data, because the status is part of the filter of the write itself.
        await deps.bookings.updateMany(
          { customerId: params.userId, erasedAt: { $exists: false }, status: { $nin: ACTIVE_STATUSES } },
          { $unset: { contact: '', notes: '' }, $set: { erasedAt: now, updatedAt: now }, $inc: { version: 1 } },
        );
        // A booking paid between the check and the write kept its data; the erasure is not complete.
        if ((await activeNow()).length > 0) throw new DomainError('ACCOUNT_HAS_ACTIVE_BOOKINGS', 'This person has a paid, confirmed or in-progress booking');
        const kept = (await deps.bookings.find({ customerId: params.userId }, 100_000)).length;
        return ok({ service: 'bookings', erased: true as const, kept });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
