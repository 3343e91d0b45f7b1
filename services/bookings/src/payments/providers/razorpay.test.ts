import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type RazorpayEvent, type RazorpayFake, startRazorpayFake } from '../../testing/razorpay-fake.ts';
import { InvalidSignatureError, type OpenPaymentRequest, ProviderUnavailableError } from '../provider.ts';
import { ProviderRejectedError } from './provider-wire.ts';
import { createRazorpayProvider, type RazorpayProviderOptions } from './razorpay.ts';

let fake: RazorpayFake;
beforeAll(() => {
  fake = startRazorpayFake();
});
afterAll(() => fake.stop());

const provider = (overrides: Partial<RazorpayProviderOptions> = {}) =>
  createRazorpayProvider({ keyId: fake.keyId, keySecret: fake.keySecret, webhookSecret: fake.webhookSecret, apiUrl: fake.url, timeoutMs: 2000, ...overrides });

const request = (overrides: Partial<OpenPaymentRequest> = {}): OpenPaymentRequest => {
  const paymentId = crypto.randomUUID().replaceAll('-', '').slice(0, 24);
  return { paymentId, bookingId: `b${paymentId}`, market: 'IN', amount: 236_000, currency: 'INR', idempotencyKey: `pay_${paymentId}:create`, ...overrides };
};
const ordersFor = (paymentId: string) => [...fake.orders.values()].filter((o) => o.receipt === paymentId);

/** What the webhook route hands the adapter: the raw body and the request's headers. */
function delivered(event: RazorpayEvent, secret = fake.webhookSecret) {
  const rawBody = JSON.stringify(event.body);
  return { rawBody, headers: new Headers({ 'x-razorpay-signature': fake.signature(rawBody, secret), 'x-razorpay-event-id': event.id }) };
}

describe('Razorpay adapter: orders', () => {
  it('opens an order for the exact amount with the payment as receipt and the booking in notes', async () => {
    const req = request();
    const opened = await provider().openPayment(req);
    expect(opened).toEqual({
      providerRef: expect.stringMatching(/^order_/),
      status: 'requires_action',
      amount: 236_000,
      currency: 'INR',
      next: { type: 'razorpay', orderId: opened.providerRef, keyId: fake.keyId },
    });
    expect(fake.orders.get(opened.providerRef)).toMatchObject({
      amount: 236_000,
      currency: 'INR',
      receipt: req.paymentId,
      notes: { bookingId: req.bookingId, idempotency_key: req.idempotencyKey },
    });
  });

  it('keeps every market currency and its minor units as they are', async () => {
    for (const currency of ['INR', 'AED', 'EUR', 'USD', 'AUD'] as const) {
      const opened = await provider().openPayment(request({ currency, amount: 10_001 }));
      expect(opened).toMatchObject({ amount: 10_001, currency });
      expect(fake.orders.get(opened.providerRef)?.currency).toBe(currency);
    }
  });

  it('finds the first order again when the same key is retried, instead of making a second', async () => {
    const req = request();
    const first = await provider().openPayment(req);
    const again = await provider().openPayment(req);
    expect(again.providerRef).toBe(first.providerRef);
    expect(ordersFor(req.paymentId)).toHaveLength(1);
  });

  it('makes one order for 20 concurrent opens with one derived key', async () => {
    const req = request();
    const p = provider();
    const opened = await Promise.all(Array.from({ length: 20 }, () => p.openPayment(req)));
    expect(new Set(opened.map((o) => o.providerRef)).size).toBe(1);
    expect(ordersFor(req.paymentId)).toHaveLength(1);
  });

  it('refuses a key reused with another amount, and makes no second order', async () => {
    const req = request();
    await provider().openPayment(req);
    const error = await provider()
      .openPayment({ ...req, amount: req.amount + 100 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(ordersFor(req.paymentId)).toHaveLength(1);
  });

  it('reads an order through its life: nothing yet, authorised, captured with its payment id', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ amount: 50_000 }));
    expect(await p.readPayment(opened.providerRef)).toEqual({ providerRef: opened.providerRef, status: 'requires_action', amountCaptured: 0, currency: 'INR' });
    fake.fail(opened.providerRef);
    expect((await p.readPayment(opened.providerRef)).status).toBe('failed');
    fake.authorize(opened.providerRef);
    expect((await p.readPayment(opened.providerRef)).status).toBe('processing');
    const { payment } = fake.capture(opened.providerRef);
    expect(await p.readPayment(opened.providerRef)).toEqual({
      providerRef: opened.providerRef,
      status: 'succeeded',
      amountCaptured: 50_000,
      currency: 'INR',
      providerPaymentId: payment.id,
    });
  });

  it('treats cancelling an unpaid order as done and refuses it for a paid one', async () => {
    const p = provider();
    const unpaid = await p.openPayment(request());
    await p.cancelPayment(unpaid.providerRef, 'c1');
    const paid = await p.openPayment(request());
    fake.capture(paid.providerRef);
    const error = await p.cancelPayment(paid.providerRef, 'c2').catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('ORDER_PAID');
  });
});

describe('Razorpay adapter: refunds', () => {
  async function paid(amount = 10_000) {
    const p = provider();
    const opened = await p.openPayment(request({ amount }));
    const { payment } = fake.capture(opened.providerRef);
    return { p, ref: opened.providerRef, paymentId: payment.id };
  }

  it('refunds the captured payment, finding it from the order when no payment id is given', async () => {
    const { p, ref, paymentId } = await paid();
    const result = await p.refund({ providerRef: ref, amount: 2500, currency: 'INR', idempotencyKey: `${ref}:refund:1` });
    expect(result).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(fake.refunds.get(result.refundRef)).toMatchObject({ payment_id: paymentId, amount: 2500 });
  });

  it('refunds once per key, also when retried and when 10 calls race', async () => {
    const { p, ref, paymentId } = await paid();
    const key = `${ref}:refund:1`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => p.refund({ providerRef: ref, providerPaymentId: paymentId, amount: 1000, currency: 'INR', idempotencyKey: key })),
    );
    const retried = await provider().refund({ providerRef: ref, providerPaymentId: paymentId, amount: 1000, currency: 'INR', idempotencyKey: key });
    expect(new Set([...results, retried].map((r) => r.refundRef)).size).toBe(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
  });

  it('never refunds above what was captured: Razorpay refuses and the adapter reports it', async () => {
    const { p, ref, paymentId } = await paid(10_000);
    await p.refund({ providerRef: ref, providerPaymentId: paymentId, amount: 9000, currency: 'INR', idempotencyKey: `${ref}:refund:1` });
    const error = await p
      .refund({ providerRef: ref, providerPaymentId: paymentId, amount: 1001, currency: 'INR', idempotencyKey: `${ref}:refund:2` })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('BAD_REQUEST_ERROR');
    expect(fake.payments.get(paymentId)?.amount_refunded).toBe(9000);
  });

  it('refuses to refund an order nobody paid', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    const error = await p.refund({ providerRef: opened.providerRef, amount: 100, currency: 'INR', idempotencyKey: 'r-unpaid' }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('NOT_CAPTURED');
  });

  it('maps a refund Razorpay processes later to pending', async () => {
    const { p, ref } = await paid();
    fake.state.refundStatus = 'pending';
    try {
      expect((await p.refund({ providerRef: ref, amount: 100, currency: 'INR', idempotencyKey: `${ref}:refund:p` })).status).toBe('pending');
    } finally {
      fake.state.refundStatus = 'processed';
    }
  });
});

describe('Razorpay adapter: provider failures', () => {
  it('maps a 500 to ProviderUnavailableError, and the retry with the same key makes one order', async () => {
    const req = request();
    fake.failNext(1, 500);
    const error = await provider()
      .openPayment(req)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
    await provider().openPayment(req);
    expect(ordersFor(req.paymentId)).toHaveLength(1);
  });

  it('finds the order a lost answer created when the caller retries', async () => {
    const req = request();
    let lose = true;
    const losing: typeof fetch = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await fetch(input, init);
        if (init?.method === 'POST' && lose) {
          lose = false;
          throw new TypeError('connection reset after the order was made');
        }
        return res;
      },
      { preconnect: fetch.preconnect },
    );
    const p = provider({ fetch: losing });
    await expect(p.openPayment(req)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const again = await p.openPayment(req);
    expect(ordersFor(req.paymentId).map((o) => o.id)).toEqual([again.providerRef]);
  });

  it('maps a hung Razorpay to ProviderUnavailableError after the timeout', async () => {
    const opened = await provider().openPayment(request());
    fake.hangNext(1);
    const error = await provider({ timeoutMs: 200 })
      .readPayment(opened.providerRef)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
  });

  it('maps wrong keys (401) to ProviderUnavailableError and an unknown order to a rejection', async () => {
    const wrong = await provider({ keySecret: 'nope' })
      .readPayment('order_x')
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(ProviderUnavailableError);
    expect(wrong).not.toBeInstanceOf(ProviderRejectedError);
    await expect(provider().readPayment('order_unknown')).rejects.toBeInstanceOf(ProviderRejectedError);
  });
});

describe('Razorpay adapter: webhooks', () => {
  async function capturedOrder(amount = 45_000) {
    const p = provider();
    const opened = await p.openPayment(request({ amount }));
    return { p, ref: opened.providerRef, ...fake.capture(opened.providerRef) };
  }

  it('maps payment.captured to payment_succeeded with the event id from X-Razorpay-Event-Id', async () => {
    const { p, ref, payment, event } = await capturedOrder();
    const { rawBody, headers } = delivered(event);
    expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([
      { kind: 'payment_succeeded', eventId: event.id, provider: 'razorpay', providerRef: ref, providerPaymentId: payment.id, amount: 45_000, currency: 'INR' },
    ]);
  });

  it('maps payment.failed to payment_failed', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ amount: 30_000 }));
    const { payment, event } = fake.fail(opened.providerRef);
    const { rawBody, headers } = delivered(event);
    expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([
      {
        kind: 'payment_failed',
        eventId: event.id,
        provider: 'razorpay',
        providerRef: opened.providerRef,
        providerPaymentId: payment.id,
        amount: 30_000,
        currency: 'INR',
      },
    ]);
  });

  it('maps refund.processed to refund_succeeded with the total refunded so far, also when it is processed later', async () => {
    const { p, ref, payment } = await capturedOrder(10_000);
    await p.refund({ providerRef: ref, providerPaymentId: payment.id, amount: 3000, currency: 'INR', idempotencyKey: `${ref}:refund:1` });
    fake.state.refundStatus = 'pending';
    const later = await p.refund({ providerRef: ref, providerPaymentId: payment.id, amount: 2000, currency: 'INR', idempotencyKey: `${ref}:refund:2` });
    fake.state.refundStatus = 'processed';
    const event = fake.processRefund(later.refundRef);
    const { rawBody, headers } = delivered(event);
    expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([
      {
        kind: 'refund_succeeded',
        eventId: event.id,
        provider: 'razorpay',
        providerRef: ref,
        refundRef: later.refundRef,
        amountRefunded: 5000,
        currency: 'INR',
      },
    ]);
  });

  it('ignores other event types and payments outside an order', async () => {
    const { p, payment } = await capturedOrder();
    for (const event of [
      fake.emit('payment.authorized', { payment }),
      fake.emit('order.paid', { payment }),
      fake.emit('payment.captured', { payment: { ...payment, order_id: null } }),
    ]) {
      const { rawBody, headers } = delivered(event);
      expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([]);
    }
  });

  it('refuses a missing or forged signature and a body changed after signing', async () => {
    const { p, event } = await capturedOrder(45_000);
    const good = delivered(event);
    await expect(p.parseWebhook(good.rawBody, new Headers({ 'x-razorpay-event-id': event.id }), Date.now())).rejects.toThrow(InvalidSignatureError);
    const forged = delivered(event, 'attacker-secret');
    await expect(p.parseWebhook(forged.rawBody, forged.headers, Date.now())).rejects.toThrow(InvalidSignatureError);
    await expect(p.parseWebhook(good.rawBody.replace('45000', '45001'), good.headers, Date.now())).rejects.toThrow(InvalidSignatureError);
    const short = new Headers({ 'x-razorpay-signature': 'abc', 'x-razorpay-event-id': event.id });
    await expect(p.parseWebhook(good.rawBody, short, Date.now())).rejects.toThrow(InvalidSignatureError);
  });

  it('names an event without X-Razorpay-Event-Id by its signed bytes, the same on every delivery', async () => {
    const { p, event } = await capturedOrder();
    const { rawBody } = delivered(event);
    const headers = new Headers({ 'x-razorpay-signature': fake.signature(rawBody) });
    const [one] = await p.parseWebhook(rawBody, headers, Date.now());
    const [two] = await p.parseWebhook(rawBody, headers, Date.now());
    expect(one?.eventId).toStartWith('rzp_body_');
    expect(one?.eventId).toBe(two?.eventId as string);
  });

  it('delivers the fake webhooks over HTTP with the headers the adapter checks', async () => {
    const { p, event } = await capturedOrder();
    const parsed: unknown[] = [];
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(req) {
        parsed.push(...(await p.parseWebhook(await req.text(), req.headers, Date.now())));
        return new Response(null, { status: 204 });
      },
    });
    try {
      expect((await fake.sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, event)).status).toBe(204);
      expect(parsed).toEqual([expect.objectContaining({ kind: 'payment_succeeded', eventId: event.id })]);
    } finally {
      receiver.stop(true);
    }
  });
});

describe('Razorpay adapter: client confirmation', () => {
  it('turns a correctly signed checkout confirmation into a success event with the amount Razorpay captured', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ amount: 99_900 }));
    const { payment, checkout } = fake.capture(opened.providerRef);
    expect(await p.verifyClientConfirmation?.(checkout)).toEqual({
      kind: 'payment_succeeded',
      eventId: `rzp_verify_${payment.id}`,
      provider: 'razorpay',
      providerRef: opened.providerRef,
      providerPaymentId: payment.id,
      amount: 99_900,
      currency: 'INR',
    });
  });

  it('refuses a forged signature, a signature for another order and a missing one', async () => {
    const p = provider();
    const a = await p.openPayment(request());
    const b = await p.openPayment(request());
    const { checkout } = fake.capture(a.providerRef);
    const forged = { ...checkout, razorpay_signature: checkout.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    await expect(p.verifyClientConfirmation?.(forged) as Promise<unknown>).rejects.toThrow(InvalidSignatureError);
    await expect(p.verifyClientConfirmation?.({ ...checkout, razorpay_order_id: b.providerRef }) as Promise<unknown>).rejects.toThrow(InvalidSignatureError);
    await expect(p.verifyClientConfirmation?.({ ...checkout, razorpay_signature: '' }) as Promise<unknown>).rejects.toThrow(InvalidSignatureError);
  });

  it('does not report an authorised but uncaptured payment as paid', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    const { checkout } = fake.authorize(opened.providerRef);
    const error = await p.verifyClientConfirmation?.(checkout).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
  });
});
