/**
 * A local, stateful stand-in for the part of Razorpay's REST API the adapter uses (DESIGN.md
 * "Payment provider contracts"): orders, their payments, refunds, basic auth, the checkout's
 * `razorpay_signature`, and signed webhooks with `X-Razorpay-Event-Id`. Like Razorpay it has no
 * idempotency header: two order creations make two orders. A real server on 127.0.0.1
 * (`startFakeProvider`).
 * Tests only.
 */
import { createHmac } from 'node:crypto';
import { formatMinorForMessage, newFakeId, startFakeProvider } from './provider-fake-kit.ts';
import { type FakeOrder, type FakePayment, type FakeRazorpayRefund, newPayment, type RazorpayEvent } from './razorpay-fake-objects.ts';

export type { FakeOrder, FakePayment, FakeRazorpayRefund, RazorpayEvent } from './razorpay-fake-objects.ts';

type Answer = { status: number; body: unknown };

/** One request as the fake logged it: the path with its query, and the parsed JSON body. */
export interface RazorpayFakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface RazorpayFakeOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  now?: () => number;
}

/** Starts the fake on a free port; `stop()` it when done. */
export function startRazorpayFake(options: RazorpayFakeOptions = {}) {
  const keyId = options.keyId ?? 'rzp_test_fake';
  const keySecret = options.keySecret ?? 'rzp_secret_fake';
  const webhookSecret = options.webhookSecret ?? 'rzp_whsec_fake';
  const now = options.now ?? Date.now;
  const nowS = () => Math.floor(now() / 1000);
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRazorpayRefund>();
  const events: RazorpayEvent[] = [];
  const state = { refundStatus: 'processed' as FakeRazorpayRefund['status'] };

  const bad = (description: string, field?: string, status = 400): Answer => ({
    status,
    body: {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'NA',
        reason: 'input_validation_failed',
        ...(field ? { field } : {}),
        metadata: {},
      },
    },
  });
  const collection = (items: unknown[]): Answer => ({ status: 200, body: { entity: 'collection', count: items.length, items } });
  const emit = (event: string, payload: Record<string, unknown>): RazorpayEvent => {
    const entities = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: structuredClone(v) }]));
    const e: RazorpayEvent = {
      id: newFakeId('evt'),
      body: { entity: 'event', account_id: 'acc_fake', event, contains: Object.keys(payload), payload: entities, created_at: nowS() },
    };
    events.push(e);
    return e;
  };

  function createOrder(body: Record<string, unknown>): Answer {
    const { amount, currency, receipt, notes } = body;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return bad('The amount must be an integer.', 'amount');
    if (amount < 100) return bad('The amount must be atleast INR 1.00', 'amount');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return bad('Currency is not supported', 'currency');
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
      return bad('The receipt may not be greater than 40 characters.', 'receipt');
    const noteMap = (notes ?? {}) as Record<string, string>;
    if (typeof noteMap !== 'object' || Object.keys(noteMap).length > 15 || Object.values(noteMap).some((v) => String(v).length > 256)) {
      return bad('Number of fields in notes should be less than or equal to 15', 'notes');
    }
    const order: FakeOrder = {
      id: newFakeId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: (receipt as string | undefined) ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: noteMap,
      created_at: nowS(),
    };
    orders.set(order.id, order);
    return { status: 200, body: order };
  }

  function refundPayment(payment: FakePayment, body: Record<string, unknown>): Answer {
    if (!payment.captured) return bad('The payment has not been captured', 'id');
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) return bad('The amount must be an integer.', 'amount');
    if (left <= 0) return bad('The payment has been fully refunded already', 'amount');
    if (amount > left) {
      return bad(
        `The refund amount (${formatMinorForMessage(amount, payment.currency)}) is greater than the amount left to refund (${formatMinorForMessage(left, payment.currency)})`,
        'amount',
      );
    }
    const refund: FakeRazorpayRefund = {
      id: newFakeId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes ?? {}) as Record<string, string>,
      receipt: (body.receipt as string | undefined) ?? null,
      status: state.refundStatus,
      created_at: nowS(),
    };
    refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    if (refund.status === 'processed') emit('refund.processed', { refund, payment });
    return { status: 200, body: refund };
  }

  function route(method: string, url: URL, body: Record<string, unknown>): Answer {
    const [, version, resource, id, sub] = url.pathname.split('/');
    if (version !== 'v1') return bad('The requested URL was not found on the server.', undefined, 404);
    if (resource === 'orders' && !id && method === 'POST') return createOrder(body);
    if (resource === 'orders' && !id && method === 'GET') {
      const receipt = url.searchParams.get('receipt');
      const list = [...orders.values()].filter((o) => receipt === null || o.receipt === receipt).reverse();
      return collection(
        list.slice(Number(url.searchParams.get('skip') ?? 0), Number(url.searchParams.get('skip') ?? 0) + Number(url.searchParams.get('count') ?? 10)),
      );
    }
    if (resource === 'orders' && id && method === 'GET') {
      const order = orders.get(id);
      if (!order) return bad('The id provided does not exist', 'id');
      if (!sub) return { status: 200, body: order };
      if (sub === 'payments') return collection([...payments.values()].filter((p) => p.order_id === id));
    }
    if (resource === 'payments' && id) {
      const payment = payments.get(id);
      if (!payment) return bad('The id provided does not exist', 'id');
      if (method === 'GET' && !sub) return { status: 200, body: payment };
      if (method === 'GET' && sub === 'refunds') return collection([...refunds.values()].filter((r) => r.payment_id === id).reverse());
      if (method === 'POST' && sub === 'refund') return refundPayment(payment, body);
    }
    if (resource === 'refunds' && id && method === 'GET' && !sub) {
      const refund = refunds.get(id);
      return refund ? { status: 200, body: refund } : bad('The id provided does not exist', 'id');
    }
    return bad('The requested URL was not found on the server.', undefined, 404);
  }

  const server = startFakeProvider<RazorpayFakeRequest>({
    async record(req, url) {
      const text = req.method === 'POST' ? await req.text() : '';
      try {
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        return { method: req.method, path: `${url.pathname}${url.search}`, body };
      } catch {
        return Response.json(bad('The request body is not valid JSON').body, { status: 400 });
      }
    },
    serve(req, url, { body }) {
      if (req.headers.get('authorization') !== `Basic ${btoa(`${keyId}:${keySecret}`)}`) {
        return Response.json(bad('Authentication failed').body, { status: 401 });
      }
      const answer = route(req.method, url, body);
      return Response.json(answer.body, { status: answer.status });
    },
  });

  const orderOf = (id: string): FakeOrder => {
    const order = orders.get(id);
    if (!order) throw new Error(`razorpay fake: no order ${id}`);
    return order;
  };
  const attempt = (orderId: string, status: FakePayment['status']): FakePayment => {
    const order = orderOf(orderId);
    if (order.status === 'paid' && status !== 'failed') throw new Error(`razorpay fake: order ${orderId} is paid already`);
    const payment = newPayment(order, status, nowS());
    payments.set(payment.id, payment);
    order.attempts++;
    order.status = status === 'captured' ? 'paid' : 'attempted';
    if (status === 'captured') Object.assign(order, { amount_paid: order.amount, amount_due: 0 });
    return payment;
  };
  /** What Razorpay Checkout hands the browser after a payment: the order, the payment and their signature. */
  const checkoutOf = (payment: FakePayment) => ({
    razorpay_order_id: payment.order_id,
    razorpay_payment_id: payment.id,
    razorpay_signature: createHmac('sha256', keySecret).update(`${payment.order_id}|${payment.id}`).digest('hex'),
  });

  return {
    /** `url`, `requests`, `failNext`, `hangNext`, `stop()`: see `FakeProvider`. */
    ...server,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    /** Every event the fake would have sent, oldest first. */
    events,
    /** `refundStatus: 'pending'` makes refunds stay pending (no refund.processed until `processRefund`). */
    state,
    /** The customer paid the order and it was captured: answers the payment, `payment.captured` and the checkout's confirmation. */
    capture(orderId: string) {
      const payment = attempt(orderId, 'captured');
      return { payment, event: emit('payment.captured', { payment }), checkout: checkoutOf(payment) };
    },
    /** The customer's payment was authorised but not yet captured (no event). */
    authorize(orderId: string) {
      const payment = attempt(orderId, 'authorized');
      return { payment, checkout: checkoutOf(payment) };
    },
    /** The customer's attempt failed: answers the payment and `payment.failed`. */
    fail(orderId: string) {
      const payment = attempt(orderId, 'failed');
      return { payment, event: emit('payment.failed', { payment }) };
    },
    /** A pending refund completes: answers `refund.processed`. */
    processRefund(refundId: string): RazorpayEvent {
      const refund = refunds.get(refundId);
      const payment = refund && payments.get(refund.payment_id);
      if (!refund || !payment) throw new Error(`razorpay fake: no refund ${refundId}`);
      refund.status = 'processed';
      return emit('refund.processed', { refund, payment });
    },
    /** A pending refund fails: the money goes back to the payment; answers `refund.failed`. */
    failRefund(refundId: string): RazorpayEvent {
      const refund = refunds.get(refundId);
      const payment = refund && payments.get(refund.payment_id);
      if (!refund || !payment) throw new Error(`razorpay fake: no refund ${refundId}`);
      refund.status = 'failed';
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      if (payment.status === 'refunded') payment.status = 'captured';
      return emit('refund.failed', { refund, payment });
    },
    emit,
    /** `X-Razorpay-Signature`: hex HMAC-SHA256 of the raw body with the webhook secret. */
    signature: (rawBody: string, secret = webhookSecret) => createHmac('sha256', secret).update(rawBody).digest('hex'),
    /** POSTs the event as Razorpay does: JSON body, signature and event id headers. */
    async sendWebhook(url: string, event: RazorpayEvent, opts: { secret?: string } = {}): Promise<Response> {
      const rawBody = JSON.stringify(event.body);
      return fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', opts.secret ?? webhookSecret)
            .update(rawBody)
            .digest('hex'),
          'x-razorpay-event-id': event.id,
        },
        body: rawBody,
      });
    },
  };
}

export type RazorpayFake = ReturnType<typeof startRazorpayFake>;
