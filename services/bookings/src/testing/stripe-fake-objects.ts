/** The Stripe fake's object shapes (as Stripe answers them, trimmed) and its Idempotency-Key layer. Tests only. */
import { newFakeId } from './provider-fake-kit.ts';

export type FakeIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: FakeIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  cancellation_reason: string | null;
  livemode: false;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  paid: true;
  captured: true;
  refunded: boolean;
  status: 'succeeded';
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed';
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  data: { object: Record<string, unknown> };
}

/** What an endpoint answers; `save: false` for a validation failure, which Stripe does not keep under the key. */
export type Answer = { status: number; body: unknown; save: boolean; headers?: Record<string, string> };
const IDEMPOTENCY_REUSED =
  'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one you used if you meant to execute a different request.';
export const CANCELABLE: FakeIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture'];

/**
 * Stripe's Idempotency-Key rules for POSTs: the same key with the same path and parameters gets
 * the saved answer again (`Idempotent-Replayed: true`); with other parameters 400
 * `idempotency_error`; while the first is still running 409 (the `stripe` client retries that).
 */
export function createStripeIdempotency(processingDelayMs: () => number) {
  const keys = new Map<string, { path: string; fingerprint: string; answer?: Answer }>();
  const refuse = (status: number, message: string, code?: string): Answer => ({
    status,
    body: { error: { type: 'idempotency_error', message, ...(code ? { code } : {}) } },
    save: false,
  });
  return {
    async answer(path: string, params: Record<string, string>, key: string | null, run: () => Answer): Promise<Answer> {
      if (!key) return run();
      const fingerprint = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
      const seen = keys.get(key);
      if (seen && (seen.path !== path || seen.fingerprint !== fingerprint)) return refuse(400, IDEMPOTENCY_REUSED);
      if (seen && !seen.answer) return refuse(409, 'There is currently another in-progress request using this Idempotent Key.', 'idempotency_key_in_use');
      if (seen?.answer) return { ...seen.answer, headers: { 'idempotent-replayed': 'true', 'idempotency-key': key } };
      keys.set(key, { path, fingerprint });
      const delay = processingDelayMs();
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      const answer = run();
      if (answer.save) keys.set(key, { path, fingerprint, answer: structuredClone(answer) });
      else keys.delete(key);
      return { ...answer, headers: { 'idempotency-key': key } };
    },
  };
}

/** A new PaymentIntent waiting for the customer. */
export function newIntent(amount: number, currency: string, metadata: Record<string, string>, created: number): FakeIntent {
  const id = newFakeId('pi');
  const secret = `${id}_secret_${newFakeId('s').slice(2)}`;
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    client_secret: secret,
    metadata,
    created,
    latest_charge: null,
    last_payment_error: null,
    cancellation_reason: null,
    livemode: false,
  };
}

/** The succeeded charge that pays an intent in full. */
export function newCharge(intent: FakeIntent): FakeCharge {
  const { amount, currency } = intent;
  const base = { id: newFakeId('ch'), object: 'charge', amount, amount_captured: amount, amount_refunded: 0, currency } as const;
  return { ...base, payment_intent: intent.id, paid: true, captured: true, refunded: false, status: 'succeeded', livemode: false };
}
