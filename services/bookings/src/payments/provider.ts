import type { CurrencyCode, MarketCode } from '@tm/contracts';

/**
 * The payment-provider port: Stripe, Razorpay and the embedded `dev` provider each implement it,
 * so the checkout's money rules (amounts fixed at creation, events applied once, states only
 * forward, refunds never above what was paid) live once, above the providers. Every provider
 * speaks in integer minor units and upper-case ISO 4217 codes here, whatever its wire format.
 */

/** The providers a market can be mapped to (`PAYMENT_PROVIDERS`). */
export type ProviderName = 'stripe' | 'razorpay' | 'dev';

/** What the client does to finish a payment (the Payment's `next`). */
export type PaymentNext =
  | { type: 'stripe'; clientSecret: string }
  | { type: 'razorpay'; orderId: string; keyId: string }
  | { type: 'dev'; succeedUrl: string; failUrl: string };

/** A payment to open with a provider: exactly the booking's total, in its currency. */
export interface OpenPaymentRequest {
  paymentId: string;
  bookingId: string;
  market: MarketCode;
  amount: number;
  currency: CurrencyCode;
  /** Derived from the payment (e.g. `pay_<paymentId>:create`): the same on every retry of this payment. */
  idempotencyKey: string;
}

/** The provider's view of a payment, normalised. */
export type ProviderPaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'cancelled';

export interface OpenedPayment {
  /** The provider's id for the payment: a PaymentIntent `pi_…`, a Razorpay order `order_…`, a dev id. */
  providerRef: string;
  status: ProviderPaymentStatus;
  amount: number;
  currency: CurrencyCode;
  next: PaymentNext;
}

/** What the reconciler reads back for a payment it has not heard about for a while. */
export interface ProviderPaymentState {
  providerRef: string;
  status: ProviderPaymentStatus;
  /** The amount the provider actually captured (minor units); 0 when nothing was captured. */
  amountCaptured: number;
  currency: CurrencyCode;
  /** Razorpay's `pay_…` for a captured order (needed to refund it); Stripe needs none. */
  providerPaymentId?: string;
}

/**
 * One provider event, normalised. `eventId` is the provider's own id (Stripe `evt_…`,
 * `X-Razorpay-Event-Id`, or one derived from the client's verified confirmation), which is what
 * makes applying it idempotent.
 */
export type PaymentEvent =
  | {
      kind: 'payment_succeeded' | 'payment_failed' | 'payment_cancelled';
      eventId: string;
      provider: ProviderName;
      providerRef: string;
      providerPaymentId?: string;
      amount: number;
      currency: CurrencyCode;
    }
  | {
      kind: 'refund_succeeded' | 'refund_failed';
      eventId: string;
      provider: ProviderName;
      providerRef: string;
      refundRef?: string;
      /** Total refunded on this payment so far, per the provider (minor units). */
      amountRefunded: number;
      currency: CurrencyCode;
    };

export interface RefundRequest {
  providerRef: string;
  providerPaymentId?: string;
  amount: number;
  currency: CurrencyCode;
  /** Derived from the payment and the refund (e.g. `pay_<paymentId>:refund:1`). */
  idempotencyKey: string;
}

export interface RefundResult {
  refundRef: string;
  status: 'succeeded' | 'pending' | 'failed';
  amount: number;
}

/** A webhook whose signature does not check out (400 INVALID_SIGNATURE), or a bad client confirmation. */
export class InvalidSignatureError extends Error {
  override readonly name = 'InvalidSignatureError';
}

/** A provider that could not be reached or answered an error (the caller retries later, never guesses). */
export class ProviderUnavailableError extends Error {
  override readonly name = 'ProviderUnavailableError';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  openPayment(request: OpenPaymentRequest): Promise<OpenedPayment>;
  readPayment(providerRef: string): Promise<ProviderPaymentState>;
  cancelPayment(providerRef: string, idempotencyKey: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Reads a refund back (the reconciler, for one the provider took as pending); `providerRef` is the payment it belongs to. */
  readRefund(refundRef: string, providerRef?: string): Promise<RefundResult>;
  /** Checks the signature over the raw body and normalises the event(s); unknown event types yield []. */
  parseWebhook(rawBody: string, headers: Headers, nowMs: number): Promise<PaymentEvent[]>;
  /** Razorpay only: the client's `/verify` body, checked with the key secret, as a success event. */
  verifyClientConfirmation?(body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }): Promise<PaymentEvent>;
}
