import { describe, expect, it } from 'bun:test';
import { startRazorpayFixture } from '../../testing/provider-fixtures.ts';
import { ProviderUnavailableError } from '../provider.ts';
import { ProviderRejectedError } from './provider-wire.ts';

const { fake, provider, request } = startRazorpayFixture();
const ordersFor = (paymentId: string) => [...fake.orders.values()].filter((o) => o.receipt === paymentId);

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

  it('reads a refund back: pending, then processed or failed', async () => {
    const { p, ref } = await paid();
    fake.state.refundStatus = 'pending';
    try {
      const ok = await p.refund({ providerRef: ref, amount: 100, currency: 'INR', idempotencyKey: `${ref}:refund:r1` });
      const bad = await p.refund({ providerRef: ref, amount: 200, currency: 'INR', idempotencyKey: `${ref}:refund:r2` });
      expect(await p.readRefund(ok.refundRef)).toEqual({ refundRef: ok.refundRef, status: 'pending', amount: 100 });
      fake.processRefund(ok.refundRef);
      fake.failRefund(bad.refundRef);
      expect(await p.readRefund(ok.refundRef)).toEqual({ refundRef: ok.refundRef, status: 'succeeded', amount: 100 });
      expect(await p.readRefund(bad.refundRef)).toEqual({ refundRef: bad.refundRef, status: 'failed', amount: 200 });
      expect(await p.readRefund('rfnd_unknown').catch((e) => e)).toBeInstanceOf(ProviderRejectedError);
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
