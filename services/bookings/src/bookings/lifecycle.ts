import type { BookingStatus } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import type { Outbox, OutboxMessage } from '@tm/shared/outbox';
import type { Filter } from '@tm/shared/store';
import type { BookingsCounters } from '../metrics/counters.ts';
import { type BookingEffect, effectMessage } from '../outbox/topics.ts';
import type { Actor, BookingDoc, HistoryEntry } from './model.ts';
import type { BookingRepository } from './repository.ts';
import type { Action } from './rules.ts';

/**
 * The booking's one owner: every status change after creation (the people's moves through
 * use-cases.ts, and the system's pay and expire from payments and the reconciler) is made here,
 * as one conditional write through `BookingRepository.applyTransition`, with its side effects
 * (mails, a refund, closing an open payment) written to the outbox before it and released after
 * it (docs/lifecycle.md). Who may make which move is decided before (rules.ts for people, the
 * payment rules for the system); this module only applies a decided move.
 */

/** Every kind of status change: the people's actions, and the system's pay and expire. */
export type LifecycleAction = Action | 'pay' | 'expire';

/** A decided move. */
export interface Move {
  action: LifecycleAction;
  to: BookingStatus;
  /** Who makes it: a person, or the system (a payment's id for `pay`, `reconciler` for `expire`). */
  by: Pick<Actor, 'id' | 'role'>;
  reason?: string;
  /** Fields set with the status (the PM of an assignment). */
  set?: Record<string, unknown>;
  /** No mails about this move (an erased person's bookings closed by the erasure); its other effects stay. */
  silent?: boolean;
}

/**
 * Where the booking must still be for the move to apply: its status, and when the caller read
 * it, its version (a person's move: of two racing moves one wins); `expiresAt` bounds the
 * system's moves (pay only before, expire only after).
 */
export interface From {
  status: BookingStatus;
  version?: number;
  expiresAt?: { $gt: string } | { $lte: string };
}

/** The side effects each move owes once it is stored. */
export function effectsOf(action: LifecycleAction): readonly BookingEffect[] {
  switch (action) {
    case 'pay':
      return [{ topic: 'booking.mail', kind: 'paid' }];
    case 'accept':
      return [{ topic: 'booking.mail', kind: 'confirmed' }];
    case 'assign':
      return [{ topic: 'booking.mail', kind: 'assigned' }];
    case 'cancel':
      // The refund first: the mail promises it.
      return [{ topic: 'booking.refund' }, { topic: 'booking.mail', kind: 'cancelled' }];
    case 'expire':
      return [{ topic: 'booking.close-payment' }];
    case 'start':
    case 'complete':
      return [];
  }
}

export interface LifecycleDeps {
  repo: BookingRepository;
  outbox: Outbox;
  clock: Clock;
  counters?: BookingsCounters;
}

export interface Lifecycle {
  /** Applies `move` to booking `id` when it is still `from`; the booking after, or null when it moved on. */
  move(id: string, from: From, move: Move): Promise<BookingDoc | null>;
}

export function createLifecycle(deps: LifecycleDeps): Lifecycle {
  return {
    async move(id, from, move) {
      const at = new Date(deps.clock.now()).toISOString();
      const entry: HistoryEntry = {
        status: move.to,
        at,
        by: { id: move.by.id, role: move.by.role },
        action: move.action,
        ...(move.reason ? { reason: move.reason } : {}),
      };
      const filter: Filter = { _id: id, status: from.status };
      if (from.version !== undefined) filter.version = from.version;
      if (from.expiresAt !== undefined) filter.expiresAt = from.expiresAt;
      // The key names this very change (booking, action, instant, actor); the guard finds its history entry once stored.
      const change = `booking:${id}:${move.action}:${at}:${move.by.id}`;
      const effects = effectsOf(move.action).filter((effect) => !(move.silent && effect.topic === 'booking.mail'));
      const messages: OutboxMessage[] = effects.map((effect) => effectMessage(change, id, effect));
      const guard = { collection: 'bookings', filter: { _id: id, history: { $elemMatch: { action: move.action, at, 'by.id': move.by.id } } } };
      // A cancel's refund is attempted in the request (the answer shows the payment refunded); the rest goes to the worker.
      const deliverNow = messages.filter((m) => m.topic === 'booking.refund').map((m) => m.key);
      const updated = await deps.outbox.withChange(
        messages,
        guard,
        () => deps.repo.applyTransition(filter, { status: move.to, updatedAt: at, ...move.set }, entry),
        { deliverNow },
      );
      if (updated && move.action === 'pay') deps.counters?.bookingPaid(updated.market);
      return updated;
    },
  };
}
