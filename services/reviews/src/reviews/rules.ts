import {
  BAYESIAN_DEFAULT_MEAN,
  BAYESIAN_PRIOR_WEIGHT,
  type BookingFacts,
  FORMER_CUSTOMER,
  REVIEW_WINDOW_DAYS,
  type ReviewAuthorRole,
  type ReviewStatus,
  type StarCounts,
} from '@tm/contracts';
import { DomainError } from '@tm/shared';

/** Who is asking, from a verified token: account id, role and (for a PM) the talent profile id. */
export interface Caller {
  sub: string;
  role: string;
  pid?: string;
}

const DAY_MS = 86_400_000;

/** The subjects a review counts towards: a customer's review counts for the booking's PM and each of its services; a PM's for the customer only (never public). */
export interface Subjects {
  serviceIds: string[];
  pmId: string | null;
  customerId: string;
}

/** What a caller may write about a booking: the side they write as and what it counts towards. */
export interface Eligibility {
  authorRole: ReviewAuthorRole;
  completedAt: number;
  /** When a pending review publishes without the other side: completion + the window. */
  publishAt: number;
  subjects: Subjects;
}

/**
 * Whether `caller` may review the booking `facts` describe at `now`: its customer (any role whose
 * account owns it) or its assigned PM (role pm, pid = the booking's PM); completed; at most
 * REVIEW_WINDOW_DAYS after completion (at the end
 * of the window the sweeper publishes, so writing stops there). Someone else's booking is 404 (as bookings answers it).
 */
export function checkEligibility(facts: BookingFacts, caller: Caller, now: number): Eligibility {
  const authorRole = sideOf(facts, caller);
  if (authorRole === undefined) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
  if (facts.status !== 'completed' || facts.completedAt === null) throw new DomainError('BOOKING_NOT_COMPLETED', 'Only a completed booking can be reviewed');
  const completedAt = Date.parse(facts.completedAt);
  const publishAt = completedAt + REVIEW_WINDOW_DAYS * DAY_MS;
  if (now >= publishAt) throw new DomainError('REVIEW_WINDOW_CLOSED', `A booking can be reviewed for ${REVIEW_WINDOW_DAYS} days after completion`);
  return { authorRole, completedAt, publishAt, subjects: { serviceIds: [...facts.serviceIds], pmId: facts.pm?.id ?? null, customerId: facts.customerId } };
}

/** The side the caller is on, or undefined when the booking is not theirs. */
export function sideOf(facts: Pick<BookingFacts, 'customerId' | 'pm'>, caller: Caller): ReviewAuthorRole | undefined {
  if (caller.role === 'pm' && caller.pid !== undefined && facts.pm?.id === caller.pid) return 'pm';
  if (caller.role !== 'pm' && caller.role !== 'resource' && facts.customerId === caller.sub) return 'customer';
  return undefined;
}

/** The other side of a booking. */
export const otherSide = (role: ReviewAuthorRole): ReviewAuthorRole => (role === 'customer' ? 'pm' : 'customer');

/**
 * The author may change a review only while it is pending: once the other side has written, both
 * publish together, so "pending" already means "the other side has not written".
 */
export function canEdit(status: ReviewStatus): boolean {
  return status === 'pending';
}

/** Double-blind: a review is visible to its author always, to the other side and the public only once published, to admins always. */
export function canSee(
  review: { status: ReviewStatus; authorId: string | null; authorRole: ReviewAuthorRole; subjects: Subjects },
  caller: Caller | undefined,
): boolean {
  if (caller?.role === 'admin') return true;
  if (caller !== undefined && review.authorId === caller.sub) return true;
  if (review.status !== 'published') return false;
  // A PM's review of a customer is seen only by that customer (and admins).
  if (review.authorRole === 'pm') return caller !== undefined && caller.sub === review.subjects.customerId;
  return true;
}

/** The mean, to one decimal; null without reviews. */
export function averageOf(count: number, sum: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

/**
 * The Bayesian average (as if BAYESIAN_PRIOR_WEIGHT reviews at the site-wide mean came first), to
 * two decimals: a service with one 5-star review does not outrank one with fifty 4.8s.
 */
export function bayesianOf(count: number, sum: number, prior: { count: number; sum: number }): number {
  const mean = prior.count === 0 ? BAYESIAN_DEFAULT_MEAN : prior.sum / prior.count;
  return Math.round(((BAYESIAN_PRIOR_WEIGHT * mean + sum) / (BAYESIAN_PRIOR_WEIGHT + count)) * 100) / 100;
}

/** Zero counts for every star value. */
export const noStars = (): StarCounts => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** "Ada Lovelace" → "Ada L."; a single name stays as it is; nothing known → "Verified customer". */
export function displayNameOf(fullName: string | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = parts;
  if (first === undefined) return 'Verified customer';
  const last = rest.at(-1);
  return last === undefined ? first : `${first} ${[...last][0]?.toUpperCase()}.`;
}

/** How an erased author is shown. */
export const erasedAuthorName = FORMER_CUSTOMER;
