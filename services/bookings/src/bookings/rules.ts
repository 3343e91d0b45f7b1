import type { BookingStatus } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { Actor, BookingDoc } from './model.ts';

/**
 * The lifecycle's rules, pure: who may see a booking and which transitions each role may make
 * from which status. The use cases apply a permitted transition as one conditional update.
 */

export type Action = 'cancel' | 'assign' | 'accept' | 'start' | 'complete';

/** True when `actor` may see `booking`: its owner, the PM it is assigned to, or an admin. */
export function canSee(actor: Actor, booking: Pick<BookingDoc, 'customerId' | 'pm'>): boolean {
  if (actor.role === 'admin' || actor.role === 'system') return true;
  if (actor.role === 'pm' || actor.role === 'resource') return actor.pid !== undefined && booking.pm?.id === actor.pid;
  return booking.customerId === actor.id;
}

const isOwner = (actor: Actor, b: Pick<BookingDoc, 'customerId'>) => (actor.role === 'customer' || actor.role === 'guest') && b.customerId === actor.id;
const isAssignedPm = (actor: Actor, b: Pick<BookingDoc, 'pm'>) => actor.role === 'pm' && actor.pid !== undefined && b.pm?.id === actor.pid;

/** Who may attempt each action at all (a visible booking otherwise answers 403). */
function mayAttempt(action: Action, actor: Actor, booking: BookingDoc): boolean {
  switch (action) {
    case 'cancel':
      // `system`: the account's erasure (internal/routes.ts) closes its unpaid bookings.
      return isOwner(actor, booking) || actor.role === 'admin' || actor.role === 'system';
    case 'assign':
      return actor.role === 'admin';
    case 'accept':
    case 'start':
      return isAssignedPm(actor, booking);
    case 'complete':
      return isOwner(actor, booking) || actor.role === 'admin';
  }
}

/** The statuses an action may start from, per actor. */
function allowedFrom(action: Action, actor: Actor): readonly BookingStatus[] {
  switch (action) {
    case 'cancel':
      // The owner may cancel until work starts; an admin from any non-final state; the system only what is unpaid.
      if (actor.role === 'system') return ['pending_payment'];
      return actor.role === 'admin' ? ['pending_payment', 'paid', 'confirmed', 'in_progress'] : ['pending_payment', 'paid', 'confirmed'];
    case 'assign':
      return ['paid'];
    case 'accept':
      return ['paid'];
    case 'start':
      return ['confirmed'];
    case 'complete':
      return ['in_progress'];
  }
}

const TARGET: Record<Action, BookingStatus | 'same'> = {
  cancel: 'cancelled',
  assign: 'same',
  accept: 'confirmed',
  start: 'in_progress',
  complete: 'completed',
};

/**
 * The status `action` moves `booking` to, or the DomainError to answer: 404 when the actor may
 * not see it, 403 when the role may not take this action, 409 INVALID_TRANSITION from this status.
 */
export function planTransition(action: Action, actor: Actor, booking: BookingDoc): BookingStatus {
  if (!canSee(actor, booking)) throw new DomainError('BOOKING_NOT_FOUND', 'No such booking');
  if (!mayAttempt(action, actor, booking)) throw new DomainError('FORBIDDEN', `This account may not ${action} this booking`);
  if (!allowedFrom(action, actor).includes(booking.status)) throw invalidTransition(action, booking.status);
  const target = TARGET[action];
  return target === 'same' ? booking.status : target;
}

export function invalidTransition(action: string, status: BookingStatus): DomainError {
  return new DomainError(
    'INVALID_TRANSITION',
    `A booking in status ${status} cannot be ${action === 'cancel' ? 'cancelled' : `${action}ed`.replace('eed', 'ed')} now`,
  );
}
