import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignatureError, type PaymentEvent } from '../provider.ts';
import { toCurrencyCode } from './provider-wire.ts';

/** Hex HMAC-SHA256, how Razorpay signs webhooks (webhook secret, raw body) and checkouts (key secret, `order|payment`). */
export function razorpaySignature(secret: string, content: string): string {
  return createHmac('sha256', secret).update(content).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time (no early exit on the first wrong byte). */
export function signatureMatches(received: string | null | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The payment entity as Razorpay sends it in webhooks and `GET /v1/orders/{id}/payments`. */
export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  captured?: boolean;
  amount_refunded?: number;
}

/** True once the money was taken: captured, or captured and since refunded (Razorpay then says `refunded`). */
export function wasCaptured(payment: RazorpayPayment): boolean {
  return payment.status === 'captured' || payment.status === 'refunded' || payment.captured === true;
}

type Entity<T> = { entity?: T } | undefined;
interface RazorpayWebhook {
  event?: string;
  payload?: { payment?: Entity<RazorpayPayment>; refund?: Entity<{ id: string; amount: number; payment_id: string }> };
}

/**
 * Checks `X-Razorpay-Signature` over the raw body and normalises the event. Razorpay's signature
 * carries no timestamp, so nothing can be "stale" here: replays are made harmless by the core
 * (events deduplicated by id, states only forward, refunds reported as totals).
 */
export function parseRazorpayWebhook(rawBody: string, headers: Headers, webhookSecret: string): PaymentEvent[] {
  if (!signatureMatches(headers.get('x-razorpay-signature'), razorpaySignature(webhookSecret, rawBody))) {
    throw new InvalidSignatureError('X-Razorpay-Signature missing or wrong');
  }
  let body: RazorpayWebhook;
  try {
    body = JSON.parse(rawBody) as RazorpayWebhook;
  } catch {
    throw new InvalidSignatureError('signed Razorpay webhook body is not JSON');
  }
  // The event id header is not covered by the signature; without it, the signed bytes name the event.
  const eventId = headers.get('x-razorpay-event-id') || `rzp_body_${createHash('sha256').update(rawBody).digest('hex').slice(0, 32)}`;
  const payment = body?.payload?.payment?.entity;
  const currency = toCurrencyCode(payment?.currency);
  if (!payment || !currency || typeof payment.order_id !== 'string' || typeof payment.id !== 'string') return [];
  const common = { eventId, provider: 'razorpay' as const, providerRef: payment.order_id, currency };
  if (body.event === 'payment.captured' || body.event === 'payment.failed') {
    if (!Number.isSafeInteger(payment.amount)) return [];
    const kind = body.event === 'payment.captured' ? 'payment_succeeded' : 'payment_failed';
    return [{ kind, ...common, providerPaymentId: payment.id, amount: payment.amount }];
  }
  if (body.event === 'refund.processed') {
    const refund = body.payload?.refund?.entity;
    if (!Number.isSafeInteger(payment.amount_refunded)) return [];
    return [{ kind: 'refund_succeeded', ...common, ...(refund?.id ? { refundRef: refund.id } : {}), amountRefunded: payment.amount_refunded as number }];
  }
  if (body.event === 'refund.failed') {
    const refund = body.payload?.refund?.entity;
    // What is still refunded on the payment (the failed refund's amount has gone back to it).
    const refunded = Number.isSafeInteger(payment.amount_refunded) ? (payment.amount_refunded as number) : 0;
    return [{ kind: 'refund_failed', ...common, ...(refund?.id ? { refundRef: refund.id } : {}), amountRefunded: refunded }];
  }
  return [];
}
