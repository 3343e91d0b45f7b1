import { type BookingFacts, BookingFactsSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/** A booking's facts (status, customer, PM, services, completion) from bookings. */
export interface BookingsPort {
  /** The facts, or undefined when bookings knows no such booking; 503 SERVICE_UNAVAILABLE when bookings cannot answer. */
  facts(bookingId: string): Promise<BookingFacts | undefined>;
}

/** Bookings' `GET /internal/bookings/{id}/facts` over the shared service client. */
export function createHttpBookings(options: { baseUrl: string; timeoutMs: number } & ClientKit): BookingsPort {
  const client = createServiceClient({ service: 'bookings', ...options });
  return {
    async facts(bookingId) {
      const res = await client.call(`/internal/bookings/${encodeURIComponent(bookingId)}/facts`, { schema: BookingFactsSchema });
      if (res.ok) return res.data;
      if (res.status === 404) return undefined;
      throw new DomainError('SERVICE_UNAVAILABLE', 'Bookings cannot be checked right now, so reviews cannot be written; try again shortly');
    },
  };
}
