import { applyPaymentEvent } from '../payments/apply-event.ts';
import { isoNow, type PaymentDeps, providerOf } from '../payments/deps.ts';
import { attemptRefund, cancelOpenPayment } from '../payments/refunds.ts';

/** A payment unfinished this long is re-read from its provider (DESIGN.md: 10 min). */
export const STUCK_AFTER_MS = 10 * 60_000;

/**
 * The reconciler: re-reads payments stuck unfinished for 10 min from their provider and applies
 * what it learns as events, retries refunds the provider has not taken, expires unpaid bookings
 * at `expiresAt` (cancelling their open payment), and pays bookings whose payment succeeded but
 * whose booking update was lost. Every step is a conditional update, so two reconcilers (or a
 * reconciler and a webhook) never apply anything twice.
 */
export function createReconciler(deps: PaymentDeps & { intervalMs?: number }) {
  const { logger, clock } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  type Pass = { paymentsApplied: number; refundsRetried: number; bookingsExpired: number; bookingsPaid: number };
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
      const moved = await deps.bookings.transitionFromStatus(
        { _id: b._id, status: 'pending_payment', expiresAt: { $lte: now } },
        {
          $set: { status: 'expired', updatedAt: now },
          $push: { history: { status: 'expired', at: now, by: { id: 'reconciler', role: 'system' }, action: 'expire' } },
        },
      );
      if (!moved) continue;
      expired++;
      await cancelOpenPayment(deps, b._id);
    }
    return expired;
  }

  async function payLostBookings(): Promise<number> {
    // Unpaid bookings are few (they expire within the quote's validity), so this stays small.
    const pending = await deps.bookings.find({ status: 'pending_payment' }, 500);
    let fixed = 0;
    for (const b of pending) {
      const [p] = await deps.payments.find({ bookingId: b._id, status: 'succeeded', refund: { $exists: false } }, 1);
      if (!p) continue;
      // The event was applied to the payment but the booking update was lost: replay the booking step.
      const now = isoNow(deps);
      const paid = await deps.bookings.transitionFromStatus(
        { _id: b._id, status: 'pending_payment' },
        { $set: { status: 'paid', updatedAt: now }, $push: { history: { status: 'paid', at: now, by: { id: p._id, role: 'system' }, action: 'pay' } } },
      );
      if (paid) {
        fixed++;
        deps.notifier.bookingPaid(paid);
      }
    }
    return fixed;
  }

  /** One pass of every duty; passes never overlap. */
  async function tick(): Promise<Pass> {
    if (running) return running;
    const pass = (async () => {
      const paymentsApplied = await rereadStuckPayments();
      const refundsRetried = await retryRefunds();
      const bookingsPaid = await payLostBookings();
      const bookingsExpired = await expireBookings();
      return { paymentsApplied, refundsRetried, bookingsExpired, bookingsPaid };
    })();
    running = pass;
    try {
      return await pass;
    } finally {
      running = undefined;
    }
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
