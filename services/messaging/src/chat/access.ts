import { type BookingFacts, BookingFactsSchema, bookingFactsPath, CHAT_READ_ONLY_AFTER_COMPLETION_MS, type ConversationState } from '@tm/contracts';
import { type Clock, DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import type { Caller } from '@tm/shared/tokens/callers';
import type { MemberKey } from './model.ts';

/** What bookings tells of one booking: its facts, `undefined` when there is no such booking; throws when it cannot tell. */
export interface BookingsPort {
  facts(bookingId: string): Promise<BookingFacts | undefined>;
}

/** Bookings could not answer (refused, too slow, an answer outside the contract). */
export class BookingsUnavailableError extends Error {
  override readonly name = 'BookingsUnavailableError';
}

/** Bookings' `GET /internal/bookings/:id/facts` through the shared service client, checked against BookingFactsSchema. */
export function createHttpBookings(options: { baseUrl: string; timeoutMs: number } & ClientKit): BookingsPort {
  const client = createServiceClient({ service: 'bookings', ...options });
  return {
    async facts(bookingId) {
      const res = await client.call(bookingFactsPath(bookingId), { schema: BookingFactsSchema });
      if (res.ok) return res.data;
      if (res.status === 404) return undefined;
      throw new BookingsUnavailableError(`bookings answered ${res.status} ${res.code}: ${res.message}`);
    },
  };
}

/**
 * Facts cached per booking for at most `freshMs` (5 s: a re-assignment or a claim shows quickly).
 * When bookings cannot answer, an older entry (up to `staleMs`) still decides; with none, 503
 * SERVICE_UNAVAILABLE, never a guess. A booking bookings does not know is forgotten at once.
 */
export function createFactsCache(port: BookingsPort, clock: Clock, options: { freshMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  const freshMs = options.freshMs ?? 5_000;
  const staleMs = options.staleMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const entries = new Map<string, { facts: BookingFacts; at: number }>();
  const inflight = new Map<string, Promise<BookingFacts | undefined>>();

  async function load(bookingId: string): Promise<BookingFacts | undefined> {
    const facts = await port.facts(bookingId);
    if (facts === undefined) entries.delete(bookingId);
    else {
      entries.delete(bookingId);
      entries.set(bookingId, { facts, at: clock.now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    return facts;
  }

  return async function factsOf(bookingId: string): Promise<BookingFacts | undefined> {
    const hit = entries.get(bookingId);
    const now = clock.now();
    if (hit && now - hit.at < freshMs) return hit.facts;
    let pending = inflight.get(bookingId);
    if (!pending) {
      pending = load(bookingId).finally(() => inflight.delete(bookingId));
      inflight.set(bookingId, pending);
    }
    try {
      return await pending;
    } catch {
      if (hit && now - hit.at < staleMs) return hit.facts;
      throw new DomainError('SERVICE_UNAVAILABLE', 'Bookings cannot be reached right now; try again shortly', 5);
    }
  };
}

export type FactsReader = ReturnType<typeof createFactsCache>;

/** How the caller sits in the booking's conversation: a member key, or undefined (not theirs: 404). */
export function memberOf(caller: Caller, facts: BookingFacts): MemberKey | undefined {
  if (caller.role === 'admin') return `a:${caller.sub}`;
  if ((caller.role === 'customer' || caller.role === 'guest') && facts.customerId === caller.sub) return `c:${caller.sub}`;
  if (caller.role === 'pm' && caller.pid !== undefined && facts.pm?.id === caller.pid) return `p:${caller.pid}`;
  return undefined;
}

/** The conversation's state from the booking's: read-only after cancellation, expiry, or 30 days past completion. */
export function stateOf(facts: BookingFacts, nowMs: number): ConversationState {
  if (facts.status === 'cancelled' || facts.status === 'expired') return 'read_only';
  if (facts.status === 'completed') {
    const done = facts.completedAt ? Date.parse(facts.completedAt) : Number.NaN;
    // A completed booking without a completion time counts from its last update.
    const since = Number.isNaN(done) ? Date.parse(facts.updatedAt) : done;
    if (nowMs - since >= CHAT_READ_ONLY_AFTER_COMPLETION_MS) return 'read_only';
  }
  return 'open';
}

/** Contact details are masked until the PM accepted (confirmed) and from then on never. */
export function masksContacts(facts: BookingFacts): boolean {
  return facts.status === 'pending_payment' || facts.status === 'paid';
}
