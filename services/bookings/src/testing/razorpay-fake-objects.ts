/** The Razorpay fake's entities, as Razorpay answers them (trimmed). Tests only. */
import { newFakeId } from './provider-fake-kit.ts';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'card';
  captured: boolean;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface FakeRazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

/** A webhook as Razorpay sends it: the body, and the id that travels in `X-Razorpay-Event-Id`. */
export interface RazorpayEvent {
  id: string;
  body: { entity: 'event'; account_id: string; event: string; contains: string[]; payload: Record<string, { entity: unknown }>; created_at: number };
}

/** A payment attempt on an order: captured, authorised only, or failed. */
export function newPayment(order: FakeOrder, status: FakePayment['status'], created: number): FakePayment {
  const failed = status === 'failed';
  return {
    id: newFakeId('pay'),
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status,
    order_id: order.id,
    method: 'card',
    captured: status === 'captured',
    amount_refunded: 0,
    refund_status: null,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment processing failed because of incorrect OTP' : null,
    created_at: created,
  };
}
