import type { CurrencyCode, MarketCode, Payment, PaymentRefund, PaymentStatus } from '@tm/contracts';
import { t } from 'elysia';
import type { PaymentNext, ProviderName } from './provider.ts';

/**
 * A payment as stored. `opening` is the short window between the conditional insert and the
 * provider's answer (shown as `processing`, without `next`). `liveKey` holds the booking id while
 * the payment is live, under a unique sparse index: the one thing that makes a second live
 * payment for a booking impossible however many requests race.
 */
export interface PaymentDoc {
  _id: string;
  bookingId: string;
  customerId: string;
  market: MarketCode;
  provider: ProviderName;
  providerRef?: string;
  providerPaymentId?: string;
  status: PaymentStatus | 'opening';
  liveKey?: string;
  amount: number;
  currency: CurrencyCode;
  refunded: number;
  next?: PaymentNext;
  /** While `opening`: until when the request that inserted it owns the provider call (ms). */
  leaseUntil: number;
  refund?: RefundState;
  /** The reconciler's next look at whether this succeeded payment owes a refund (ms); `settled` once its booking completed. */
  reviewAt?: number;
  settled?: boolean;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/**
 * A refund in flight. `seq` names the provider idempotency key (`pay_<id>:refund:<seq>`): it
 * moves on only after the provider said the refund failed or refused it, so a retry after a
 * timeout reuses the key and can never refund twice. `failed` is a refusal the provider will
 * give again (Stripe `amount_too_large`, Razorpay `BAD_REQUEST_ERROR`): it is not retried on
 * its own, the payment shows it, and staff settle it at the provider (whose refund event is
 * then applied as usual).
 */
export interface RefundState {
  state: 'pending' | 'requested' | 'succeeded' | 'failed';
  amount: number;
  seq: number;
  attempts: number;
  nextAttemptAt: number;
  ref?: string;
  reason: string;
  /** The provider's last refusal or failure: its code, its message, its HTTP status, when. */
  failure?: { code: string; message: string; status?: number; at: string };
  /** While `requested`: when the reconciler next reads the refund back from the provider (ms). */
  checkAt?: number;
  /** While an attempt calls the provider: until when it holds the refund (ms; refunds.ts REFUND_LEASE_MS). */
  leaseUntil?: number;
  /** How many refunds the provider took and then reported failed (each retried under a new key). */
  failures?: number;
}

/** The public view of a stored payment. */
export function toPayment(doc: PaymentDoc): Payment {
  return {
    id: doc._id,
    bookingId: doc.bookingId,
    provider: doc.provider,
    status: doc.status === 'opening' ? 'processing' : doc.status,
    amount: doc.amount,
    currency: doc.currency,
    refunded: doc.refunded,
    ...(doc.next && (doc.status === 'requires_action' || doc.status === 'processing') ? { next: doc.next } : {}),
    ...(doc.refund ? { refund: toPaymentRefund(doc.refund) } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function toPaymentRefund(refund: RefundState): PaymentRefund {
  const { code, message, at } = refund.failure ?? {};
  return { state: refund.state, amount: refund.amount, ...(code && message && at ? { failure: { code, message, at } } : {}) };
}

export const PaymentIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 100, description: 'Payment id' }) });
export const ListPaymentsQuery = t.Object(
  { bookingId: t.String({ minLength: 1, maxLength: 100, description: 'The booking whose payments to list' }) },
  { additionalProperties: true },
);
