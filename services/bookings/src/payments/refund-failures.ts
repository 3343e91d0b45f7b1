import { isoNow, type PaymentDeps } from './deps.ts';
import type { PaymentDoc } from './model.ts';

/**
 * A refund the provider reports failed (its event or a read-back): recorded on the payment,
 * logged at error level, and made `pending` again under the next key (`seq` + 1), so the
 * reconciler's retry is a new refund, for what was paid minus what was refunded.
 */
export async function recordRefundFailure(deps: PaymentDeps, payment: PaymentDoc, reason: string): Promise<PaymentDoc | null> {
  const refund = payment.refund;
  if (refund?.state !== 'requested') return null;
  const now = deps.clock.now();
  const moved = await deps.payments.update(
    { _id: payment._id, 'refund.state': 'requested', 'refund.seq': refund.seq },
    {
      $set: {
        'refund.state': 'pending',
        'refund.nextAttemptAt': now,
        'refund.failure': { code: 'refund_failed', message: reason, at: new Date(now).toISOString() },
        updatedAt: isoNow(deps),
      },
      $unset: { 'refund.checkAt': '' },
      $inc: { 'refund.seq': 1, 'refund.attempts': 1, 'refund.failures': 1 },
    },
  );
  if (moved) deps.logger.error('a refund failed at the provider; retried under a new key', { paymentId: payment._id, refundRef: refund.ref, reason });
  return moved;
}
