/**
 * A local, stateful stand-in for the part of Stripe's API the adapter uses (DESIGN.md "Payment
 * provider contracts"): PaymentIntents, refunds, Idempotency-Key semantics, Bearer auth, and
 * signed webhooks. A real server on 127.0.0.1 (`startFakeProvider`), so the official `stripe` client talks to
 * it over HTTP exactly as it talks to Stripe. Tests only.
 */
import { createHmac } from 'node:crypto';
import { formatMinorForMessage, newFakeId, startFakeProvider } from './provider-fake-kit.ts';
import {
  type Answer,
  CANCELABLE,
  createStripeIdempotency,
  type FakeCharge,
  type FakeIntent,
  type FakeRefund,
  newCharge,
  newIntent,
  type StripeEvent,
} from './stripe-fake-objects.ts';

export type { FakeCharge, FakeIntent, FakeIntentStatus, FakeRefund, StripeEvent } from './stripe-fake-objects.ts';

/** One request as the fake logged it: form or query parameters, and the idempotency key. */
export interface StripeFakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
}

export interface StripeFakeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** How long a POST holds its idempotency key before answering (a concurrent twin gets 409 meanwhile). */
  processingDelayMs?: number;
  /** The fake's clock in ms, for `created` and webhook signature timestamps. */
  now?: () => number;
}

/** Starts the fake on a free port; `stop()` it when done. */
export function startStripeFake(options: StripeFakeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  const now = options.now ?? Date.now;
  const nowS = () => Math.floor(now() / 1000);
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const events: StripeEvent[] = [];
  const state = { processingDelayMs: options.processingDelayMs ?? 0, refundStatus: 'succeeded' as FakeRefund['status'] };

  const idempotency = createStripeIdempotency(() => state.processingDelayMs);
  const answerPost = async (path: string, params: Record<string, string>, key: string | null, run: () => Answer) =>
    toResponse(await idempotency.answer(path, params, key, run));
  const error = (status: number, type: string, message: string, code?: string, param?: string): Answer => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
    save: true,
  });
  const missing = (what: string, id: string) => error(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', 'id');
  const snapshot = <T>(value: T): Record<string, unknown> => structuredClone(value) as Record<string, unknown>;
  const emit = (type: string, object: unknown): StripeEvent => {
    const event: StripeEvent = {
      id: newFakeId('evt'),
      object: 'event',
      type,
      created: nowS(),
      livemode: false,
      api_version: '2026-10-28.endive',
      pending_webhooks: 1,
      data: { object: snapshot(object) },
    };
    events.push(event);
    return event;
  };

  function createIntent(params: Record<string, string>): Answer {
    const known = /^(amount|currency|description|metadata\[[^\]]+\]|automatic_payment_methods\[enabled\])$/;
    const unknown = Object.keys(params).find((k) => !known.test(k));
    if (unknown) return { ...error(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown), save: false };
    if (!params.amount) return { ...error(400, 'invalid_request_error', 'Missing required param: amount.', 'parameter_missing', 'amount'), save: false };
    if (!params.currency) return { ...error(400, 'invalid_request_error', 'Missing required param: currency.', 'parameter_missing', 'currency'), save: false };
    const amount = Number(params.amount);
    if (!/^\d+$/.test(params.amount) || !Number.isSafeInteger(amount))
      return error(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    if (amount < 50) return error(400, 'invalid_request_error', 'Amount must be at least 50 minor units', 'amount_too_small', 'amount');
    if (!/^[a-z]{3}$/.test(params.currency))
      return error(400, 'invalid_request_error', `Invalid currency: ${params.currency}`, 'parameter_invalid_string', 'currency');
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      const name = /^metadata\[([^\]]+)\]$/.exec(k)?.[1];
      if (name) metadata[name] = v;
    }
    const intent = newIntent(amount, params.currency, metadata, nowS());
    intents.set(intent.id, intent);
    return { status: 200, body: intent, save: true };
  }

  function cancelIntent(id: string): Answer {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (!CANCELABLE.includes(intent.status)) {
      return error(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'canceled';
    intent.cancellation_reason = 'requested_by_customer';
    emit('payment_intent.canceled', intent);
    return { status: 200, body: intent, save: true };
  }

  function createRefund(params: Record<string, string>): Answer {
    const intentId = params.payment_intent;
    if (!intentId) return { ...error(400, 'invalid_request_error', 'Missing required param: payment_intent.', 'parameter_missing'), save: false };
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      return error(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', 'payment_intent_unexpected_state');
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) return error(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      return error(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer', 'amount');
    if (amount > left) {
      const money = (n: number) => formatMinorForMessage(n, charge.currency);
      return error(
        400,
        'invalid_request_error',
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
        'amount_too_large',
        'amount',
      );
    }
    const refund: FakeRefund = {
      id: newFakeId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: intent.id,
      charge: charge.id,
      status: state.refundStatus,
      created: nowS(),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    emit('charge.refunded', { ...charge, refunds: { object: 'list', data: [refund] } });
    return { status: 200, body: refund, save: true };
  }

  function toResponse(answer: Answer): Response {
    return Response.json(answer.body, { status: answer.status, headers: { 'request-id': newFakeId('req'), ...answer.headers } });
  }

  function authorised(req: Request): boolean {
    const header = req.headers.get('authorization') ?? '';
    if (header === `Bearer ${secretKey}`) return true;
    if (!header.startsWith('Basic ')) return false;
    return atob(header.slice(6)).split(':')[0] === secretKey;
  }

  const server = startFakeProvider<StripeFakeRequest>({
    async record(req, url) {
      const raw = req.method === 'GET' ? url.search.slice(1) : await req.text();
      const params = Object.fromEntries(new URLSearchParams(raw));
      return { method: req.method, path: url.pathname, idempotencyKey: req.headers.get('idempotency-key'), params };
    },
    serve(req, url, { params, idempotencyKey: key }) {
      if (!authorised(req)) return toResponse(error(401, 'invalid_request_error', 'Invalid API Key provided.'));
      const [, version, resource, id, action] = url.pathname.split('/');
      if (version !== 'v1') return toResponse(error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`));
      if (resource === 'payment_intents' && req.method === 'POST' && !id) return answerPost(url.pathname, params, key, () => createIntent(params));
      if (resource === 'payment_intents' && req.method === 'GET' && id && !action) {
        const intent = intents.get(id);
        return toResponse(intent ? { status: 200, body: intent, save: false } : missing('payment_intent', id));
      }
      if (resource === 'payment_intents' && req.method === 'POST' && id && action === 'cancel')
        return answerPost(url.pathname, params, key, () => cancelIntent(id));
      if (resource === 'refunds' && req.method === 'POST' && !id) return answerPost(url.pathname, params, key, () => createRefund(params));
      if (resource === 'refunds' && req.method === 'GET' && id) {
        const refund = refunds.get(id);
        return toResponse(refund ? { status: 200, body: refund, save: false } : missing('refund', id));
      }
      return toResponse(error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`));
    },
  });

  const intentOf = (id: string): FakeIntent => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stripe fake: no PaymentIntent ${id}`);
    return intent;
  };

  /** `Stripe-Signature` for a payload: `t=<s>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
  const signatureHeader = (payload: string, opts: { timestampS?: number; secret?: string } = {}) => {
    const t = opts.timestampS ?? nowS();
    return `t=${t},v1=${createHmac('sha256', opts.secret ?? webhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex')}`;
  };

  return {
    /** `url`, `requests`, `failNext`, `hangNext`, `stop()`: see `FakeProvider`. */
    ...server,
    secretKey,
    webhookSecret,
    intents,
    charges,
    refunds,
    /** Every event the fake would have sent, oldest first (the account's event log). */
    events,
    /** Mutable knobs: `processingDelayMs`, and `refundStatus` for refunds the provider settles later. */
    state,
    /** The customer paid: the intent succeeds with a charge; answers the `payment_intent.succeeded` event. */
    succeed(intentId: string): StripeEvent {
      const intent = intentOf(intentId);
      if (!CANCELABLE.includes(intent.status)) throw new Error(`stripe fake: cannot succeed a ${intent.status} intent`);
      const charge = newCharge(intent);
      charges.set(charge.id, charge);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
      return emit('payment_intent.succeeded', intent);
    },
    /** The customer's attempt was declined: the intent asks for another method; answers `payment_intent.payment_failed`. */
    fail(intentId: string, message = 'Your card was declined.'): StripeEvent {
      const intent = intentOf(intentId);
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message, type: 'card_error' } });
      return emit('payment_intent.payment_failed', intent);
    },
    /** Puts an intent into `processing` (a bank debit on its way). */
    process(intentId: string): void {
      intentOf(intentId).status = 'processing';
    },
    /** A pending refund settles: `succeeded`, or `failed` (the money goes back to the charge); answers `charge.refund.updated`. */
    settleRefund(refundId: string, status: 'succeeded' | 'failed'): StripeEvent {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`stripe fake: no refund ${refundId}`);
      refund.status = status;
      const charge = charges.get(refund.charge);
      if (status === 'failed' && charge) {
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
      }
      return emit('charge.refund.updated', refund);
    },
    /** An event of any type around any object, logged like the others (for unknown-type tests). */
    emit,
    signatureHeader,
    /** POSTs the event as Stripe does: the JSON body, signed; `timestampS`/`secret` forge stale or bad signatures. */
    async sendWebhook(url: string, event: StripeEvent, opts: { timestampS?: number; secret?: string } = {}): Promise<Response> {
      const payload = JSON.stringify(event, null, 2);
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, opts) }, body: payload });
    },
  };
}

export type StripeFake = ReturnType<typeof startStripeFake>;
