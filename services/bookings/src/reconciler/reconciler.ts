import type { Leases } from '@tm/shared/store';
import { applyPaymentEvent } from '../payments/apply-event.ts';
import { isoNow, type PaymentDeps, providerOf } from '../payments/deps.ts';
import { attemptRefund } from '../payments/refunds.ts';
import { cancelOpenPaymentsOfClosedBookings, checkRequestedRefunds, payLostBookings, refundOrphanedPayments } from './money-duties.ts';

/** The store lease a reconciler pass runs under, and how long it holds (renewed every third while the pass runs). */
export const RECONCILER_LEASE = 'bookings.reconciler';
export const RECONCILER_LEASE_MS = 30_000;
const SKIPPED = { paymentsApplied: 0, refundsRetried: 0, refundsChecked: 0, bookingsExpired: 0, bookingsPaid: 0, refundsStarted: 0, openPaymentsCancelled: 0 };

/** A payment unfinished this long is re-read from its provider (DESIGN.md: 10 min). */
export const STUCK_AFTER_MS = 10 * 60_000;

/**
 * The reconciler: re-reads payments stuck unfinished for 10 min from their provider and applies
 * what it learns as events, retries refunds the provider has not taken, expires unpaid bookings
 * at `expiresAt` (cancelling their open payment), pays bookings whose payment succeeded over a
 * minute ago but whose booking update was lost, starts refunds owed but never started, reads back
 * refunds the provider took as pending, and retries failed cancels of open payments. Every step is a conditional update, so two reconcilers (or a
 * reconciler and a webhook) never apply anything twice.
 */
export function createReconciler(deps: PaymentDeps & { intervalMs?: number; leases?: Leases }) {
  const { logger, clock } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  type Pass = {
    paymentsApplied: number;
    refundsRetried: number;
    refundsChecked: number;
    bookingsExpired: number;
    bookingsPaid: number;
    refundsStarted: number;
    openPaymentsCancelled: number;
  };
  let running: Promise<Pass> | undefined;

  async function rereadStuckPayments(): Promise<number> {
    const before = new Date(clock.now() - STUCK_AFTER_MS).toISOString();
    const stuck = await deps.payments.find({ status: { $in: ['requires_action', 'processing'] }, updatedAt: { $lte: before }, providerRef: { $exists: true } });
    let applied = 0;
    for (const p of stuck) {
      try {
        const state = await providerOf(deps, p.provider).readPayment(p.providerRef as string);
        const kind =
          state.status === 'succeeded'
            ? 'payment_succeeded'
            : state.status === 'failed'
              ? 'payment_failed'
              : state.status === 'cancelled'
                ? 'payment_cancelled'
                : undefined;
        if (!kind) {
          // Still waiting at the provider: touched, so it is re-read after another 10 min, not every tick.
          await deps.payments.update({ _id: p._id, status: p.status }, { $set: { updatedAt: isoNow(deps) } });
          continue;
        }
        const outcome = await applyPaymentEvent(deps, {
          kind,
          eventId: `reconcile_${p._id}_${state.status}_${state.amountCaptured}_${state.currency}`,
          provider: p.provider,
          providerRef: p.providerRef as string,
          ...(state.providerPaymentId ? { providerPaymentId: state.providerPaymentId } : {}),
          amount: state.status === 'succeeded' ? state.amountCaptured : p.amount,
          currency: state.currency,
        });
        if (outcome === 'applied' || outcome === 'refunded_late') applied++;
      } catch (err) {
        logger.warn('reconciler could not read a payment', { paymentId: p._id, error: String(err) });
      }
    }
    return applied;
  }

  async function retryRefunds(): Promise<number> {
    const due = await deps.payments.find({ 'refund.state': 'pending', 'refund.nextAttemptAt': { $lte: clock.now() } });
    let done = 0;
    for (const p of due) {
      const after = await attemptRefund(deps, p).catch(() => null);
      if (after?.refund?.state === 'succeeded' || after?.refund?.state === 'requested') done++;
    }
    return done;
  }

  async function expireBookings(): Promise<number> {
    const now = isoNow(deps);
    const due = await deps.bookings.find({ status: 'pending_payment', expiresAt: { $lte: now } });
    let expired = 0;
    for (const b of due) {
      // Its open payment is closed at the provider by the move's outbox message (booking.close-payment).
      const moved = await deps.lifecycle.move(
        b._id,
        { status: 'pending_payment', expiresAt: { $lte: now } },
        { action: 'expire', to: 'expired', by: { id: 'reconciler', role: 'system' } },
      );
      if (moved) expired++;
    }
    return expired;
  }

  /**
   * One pass of every duty; passes of this process never overlap, and with `leases` (main.ts) a
   * pass runs under the store lease `bookings.reconciler`, so replicas take turns: a replica
   * whose timer fires while another holds it skips the pass (all zero). Each step is also a
   * conditional update, so a pass overlapping another after a lost lease applies nothing twice.
   */
  async function tick(): Promise<Pass> {
    if (running) return running;
    const pass = (async () => {
      if (!deps.leases) return passOnce();
      const run = await deps.leases.run(RECONCILER_LEASE, RECONCILER_LEASE_MS, passOnce);
      return run.ran ? run.value : SKIPPED;
    })();
    running = pass;
    try {
      return await pass;
    } finally {
      running = undefined;
    }
  }

  async function passOnce(): Promise<Pass> {
    const paymentsApplied = await rereadStuckPayments();
    const refundsRetried = await retryRefunds();
    const refundsChecked = await checkRequestedRefunds(deps);
    const bookingsPaid = await payLostBookings(deps);
    const bookingsExpired = await expireBookings();
    const refundsStarted = await refundOrphanedPayments(deps);
    const openPaymentsCancelled = await cancelOpenPaymentsOfClosedBookings(deps);
    return { paymentsApplied, refundsRetried, refundsChecked, bookingsExpired, bookingsPaid, refundsStarted, openPaymentsCancelled };
  }

  return {
    tick,
    start() {
      timer ??= setInterval(() => void tick().catch((err) => logger.error('reconciler pass failed', { error: String(err) })), deps.intervalMs ?? 60_000);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
