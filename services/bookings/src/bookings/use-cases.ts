import {
  BOOKING_STATUSES,
  type BookingStatus,
  type BookingsErrorCode,
  type CreateBookingBody,
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  type MarketCode,
} from '@tm/contracts';
import { type Clock, DomainError, type Logger, newId } from '@tm/shared';
import type { Filter } from '@tm/shared/store';
import type { GuestSessionsPort } from '../auth/guest-sessions-port.ts';
import type { CatalogPort } from '../catalog/catalog-port.ts';
import type { LegalPort } from '../legal/legal-port.ts';
import { type CheckoutFacts, checkTerms } from '../legal/terms-gate.ts';
import type { BookingsCounters } from '../metrics/counters.ts';
import type { TalentPort } from '../talent/talent-port.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Actor, BookingDoc } from './model.ts';
import type { BookingRepository } from './repository.ts';
import { type Action, canSee, invalidTransition, planTransition } from './rules.ts';

/** What the booking use cases need. */
export interface BookingUseCaseDeps {
  repo: BookingRepository;
  catalog: CatalogPort;
  talent: TalentPort;
  /** Content's terms and acceptances: the checkout gate. */
  legal: LegalPort;
  clock: Clock;
  logger: Logger;
  /** Business counters on GET /metrics; none in tests that do not look. */
  counters?: BookingsCounters;
  /** The booking's one owner: every status change, with its side effects (a cancel's refund, the mails). */
  lifecycle: Lifecycle;
}

const iso = (ms: number) => new Date(ms).toISOString();
const by = (actor: Actor) => ({ id: actor.id, role: actor.role });

/**
 * A new booking in `pending_payment`, priced by the catalog in `market` (one call); the client's
 * amounts are never read. It is sold under the market's terms in effect, accepted before or with
 * it (the checkout gate, legal/terms-gate.ts), and stores that version.
 */
export async function createBooking(
  deps: BookingUseCaseDeps,
  actor: Actor,
  body: CreateBookingBody,
  market: MarketCode,
  requestId?: string,
  facts: CheckoutFacts = { lang: 'en' },
): Promise<BookingDoc> {
  if (actor.role !== 'customer' && actor.role !== 'guest') throw new DomainError('FORBIDDEN', 'Only customers and guests book');
  const terms = await checkTerms(deps.legal, { id: actor.id, role: actor.role }, market, body.acceptedTermsVersion, facts);
  const quote = await deps.catalog.quoteCart({ items: body.items }, market, requestId);
  const now = iso(deps.clock.now());
  const booking = await deps.repo.insert({
    _id: newId(),
    status: 'pending_payment',
    market: quote.market,
    currency: quote.currency,
    quote,
    total: quote.total,
    customerId: actor.id,
    ...(body.preferredPmId !== undefined ? { preferredPmId: body.preferredPmId } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    ...(body.contact !== undefined ? { contact: body.contact } : {}),
    expiresAt: quote.validUntil,
    legal: { terms },
    history: [{ status: 'pending_payment', at: now, by: by(actor), action: 'create' }],
    createdAt: now,
    updatedAt: now,
    version: 1,
  });
  deps.counters?.bookingCreated(booking.market);
  return booking;
}

/** The booking, when `actor` may see it; else 404 BOOKING_NOT_FOUND (ids are not confirmable). */
export async function getBooking(deps: Pick<BookingUseCaseDeps, 'repo'>, actor: Actor, id: string): Promise<BookingDoc> {
  const booking = await deps.repo.findById(id);
  if (!booking || !canSee(actor, booking)) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
  return booking;
}

/** Page/limit/status/pmId as sent (strings), checked. */
export interface ListQuery {
  page?: string;
  limit?: string;
  status?: string;
  pmId?: string;
}

/** The bookings `actor` may see, newest first, one page. */
export async function listBookings(deps: Pick<BookingUseCaseDeps, 'repo'>, actor: Actor, query: ListQuery) {
  const page = positiveInt(query.page, 1, Number.MAX_SAFE_INTEGER, 'INVALID_PAGE', 'page');
  const limit = positiveInt(query.limit, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, 'INVALID_LIMIT', 'limit');
  const filter: Filter = {};
  if (actor.role === 'admin') {
    if (query.pmId !== undefined) filter['pm.id'] = query.pmId;
  } else {
    if (query.pmId !== undefined) throw new DomainError('FORBIDDEN', 'Only admins filter by pmId');
    if (actor.role === 'pm' || actor.role === 'resource') filter['pm.id'] = actor.pid ?? '\u0000no-profile';
    else filter.customerId = actor.id;
  }
  if (query.status !== undefined) {
    if (!(BOOKING_STATUSES as readonly string[]).includes(query.status))
      throw new DomainError('INVALID_STATUS', `status must be one of ${BOOKING_STATUSES.join(', ')}`);
    filter.status = query.status;
  }
  const { items, total } = await deps.repo.list(filter, page, limit);
  return { items, total, page, limit };
}

function positiveInt(raw: string | undefined, fallback: number, max: number, code: BookingsErrorCode, name: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new DomainError(code, `${name} must be an integer from 1 to ${max}`);
  return Number(raw);
}

/**
 * One lifecycle transition: planned by the rules, then applied by the lifecycle as one
 * conditional update on status and version (the loser of a race gets 409 INVALID_TRANSITION),
 * its side effects (refund, mail) stored with it in the outbox and delivered after.
 */
export async function transitionBooking(
  deps: BookingUseCaseDeps,
  actor: Actor,
  id: string,
  action: Action,
  input: { reason?: string; pmId?: string; requestId?: string; silent?: boolean } = {},
): Promise<BookingDoc> {
  const booking = await getBooking(deps, actor, id);
  const target = planTransition(action, actor, booking);
  const set: Record<string, unknown> = {};
  if (action === 'assign') {
    const pm = await deps.talent.findActivePm(input.pmId ?? '', input.requestId);
    if (!pm) throw new DomainError('INVALID_PM', `No active project manager "${input.pmId}"`);
    set.pm = pm;
  }
  const updated = await deps.lifecycle.move(
    id,
    { status: booking.status, version: booking.version },
    { action, to: target, by: by(actor), ...(input.reason ? { reason: input.reason } : {}), set, ...(input.silent ? { silent: true } : {}) },
  );
  if (!updated) throw invalidTransition(action, (await deps.repo.findById(id))?.status ?? booking.status);
  return updated;
}

/**
 * The guest hand-over (POST /bookings/claim): moves every booking of the guest named by
 * `guestToken` (a guest session's refresh token: proof of possession; `guestId` is its verified
 * `sub`) to the signed-in customer, then ends the guest session. Auth is asked first whether that
 * session is still live, by the checks refresh makes: a token whose session was signed out (or
 * ended by an earlier hand-over) moves nothing. The customer who took the bookings over asking
 * again gets the same ids (idempotent); anyone else 400 INVALID_GUEST_TOKEN.
 */
export async function handOverGuestBookings(
  deps: Pick<BookingUseCaseDeps, 'repo' | 'clock' | 'logger'> & { guests: GuestSessionsPort },
  actor: Actor,
  guestToken: string,
  guestId: string,
): Promise<string[]> {
  if (actor.role !== 'customer') throw new DomainError('FORBIDDEN', 'Sign in as a customer to claim bookings');
  const handedOverBefore = async () => (await deps.repo.find({ customerId: actor.id, handedOverFrom: guestId }, 10_000)).map((b) => b._id);
  const live = await deps.guests.live(guestToken);
  if (!live || live.guestId !== guestId) {
    const earlier = await handedOverBefore();
    if (earlier.length === 0) throw new DomainError('INVALID_GUEST_TOKEN', "guestToken must be a live guest session's refresh token");
    return earlier;
  }
  const now = iso(deps.clock.now());
  if (guestId !== actor.id) {
    await deps.repo.updateMany({ customerId: guestId }, { $set: { customerId: actor.id, handedOverFrom: guestId, updatedAt: now }, $inc: { version: 1 } });
  }
  // The hand-over is done: the guest session ends, so its token moves nothing more. Should auth
  // not answer, the hand-over stands; the session then ends at sign-out or after its 30 days.
  await deps.guests
    .end(guestToken)
    .catch((err) => deps.logger.warn('guest session not ended after its hand-over', { guestId, sessionId: live.sessionId, error: String(err) }));
  return handedOverBefore();
}

export type { BookingStatus };
