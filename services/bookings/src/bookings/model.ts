import type { Booking, BookingStatus, Role } from '@tm/contracts';
import { t } from 'elysia';

/** A booking as stored: the public Booking with `_id` for `id`, plus the bookkeeping nobody is shown. */
export type BookingDoc = Omit<Booking, 'id'> & {
  _id: string;
  /** Set when the person was erased: contact data and notes are gone, amounts kept. */
  erasedAt?: string;
  /** The guest id this booking was handed over from (the hand-over is idempotent by it). */
  handedOverFrom?: string;
};

/** One line of a booking's history: appended by every status change, in the same write. */
export type HistoryEntry = Booking['history'][number];

/** Who acts on a booking (history `by`). `system` is the payment path and the reconciler. */
export interface Actor {
  id: string;
  role: Role | 'system';
  /** A pm's or resource's talent profile id. */
  pid?: string;
}

/** The public view of a stored booking. */
export function toBooking(doc: BookingDoc): Booking {
  const { _id, erasedAt: _erased, handedOverFrom: _handedOver, ...rest } = doc;
  return { id: _id, ...rest };
}

/** Statuses a booking can be in while work is owed on it (erase is refused then). */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['paid', 'confirmed', 'in_progress'];

export const BookingIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 100, description: 'Booking id' }) });

export const ListBookingsQuery = t.Object(
  {
    page: t.Optional(t.String({ description: 'Page number from 1 (default 1)' })),
    limit: t.Optional(t.String({ description: 'Items per page, 1-100 (default 20)' })),
    status: t.Optional(t.String({ description: 'Only bookings in this status' })),
    pmId: t.Optional(t.String({ description: 'Admin only: bookings assigned to this PM profile id' })),
  },
  { additionalProperties: true },
);
