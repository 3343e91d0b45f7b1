import { describe, expect, it } from 'bun:test';
import { startStripeFixture } from '../../testing/provider-fixtures.ts';
import { startStripeFake } from '../../testing/stripe-fake.ts';
import { ProviderUnavailableError } from '../provider.ts';
import { ProviderRejectedError } from './provider-wire.ts';

const { fake, provider, request } = startStripeFixture();

describe('Stripe adapter: payments', () => {
  it('opens a PaymentIntent for the exact amount in lower-case currency, with the booking and payment in metadata', async () => {
    const req = request();
    const opened = await provider().openPayment(req);
    expect(opened).toMatchObject({ status: 'requires_action', amount: 119_000, currency: 'EUR' });
    expect(opened.providerRef).toStartWith('pi_');
    const intent = fake.intents.get(opened.providerRef);
    expect(intent).toMatchObject({ amount: 119_000, currency: 'eur', metadata: { bookingId: req.bookingId, paymentId: req.paymentId } });
    expect(opened.next).toEqual({ type: 'stripe', clientSecret: intent?.client_secret as string });
    const sent = fake.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(sent?.idempotencyKey).toBe(req.idempotencyKey);
  });

  it('normalises every market currency: upper case on the port, lower case on the wire, minor units untouched', async () => {
    for (const currency of ['INR', 'AED', 'EUR', 'USD', 'AUD'] as const) {
      const opened = await provider().openPayment(request({ currency, amount: 50_001 }));
      expect(opened.currency).toBe(currency);
      expect(opened.amount).toBe(50_001);
      expect(fake.intents.get(opened.providerRef)?.currency).toBe(currency.toLowerCase());
    }
  });

  it('refuses a fractional or non-positive amount before calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(provider().openPayment(request({ amount: 10.5 }))).rejects.toThrow(RangeError);
    await expect(provider().openPayment(request({ amount: 0 }))).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(before);
  });

  it('creates one PaymentIntent when the same key is sent twice, and answers the first one again', async () => {
    const req = request();
    const first = await provider().openPayment(req);
    const again = await provider().openPayment(req);
    expect(again.providerRef).toBe(first.providerRef);
    expect([...fake.intents.values()].filter((i) => i.metadata.paymentId === req.paymentId)).toHaveLength(1);
  });

  it('creates one PaymentIntent for 20 concurrent opens with one derived key, also while the first is still running', async () => {
    fake.state.processingDelayMs = 150;
    try {
      const req = request();
      const opened = await Promise.all(Array.from({ length: 20 }, () => provider({ maxNetworkRetries: 5 }).openPayment(req)));
      expect(new Set(opened.map((o) => o.providerRef)).size).toBe(1);
      expect([...fake.intents.values()].filter((i) => i.metadata.paymentId === req.paymentId)).toHaveLength(1);
      expect(fake.requests.filter((r) => r.idempotencyKey === req.idempotencyKey).length).toBeGreaterThan(20); // twins got 409 and retried
    } finally {
      fake.state.processingDelayMs = 0;
    }
  });

  it('reports a key reused with another amount as a rejection, never a second PaymentIntent', async () => {
    const req = request();
    await provider().openPayment(req);
    const error = await provider()
      .openPayment({ ...req, amount: req.amount + 1 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect([...fake.intents.values()].filter((i) => i.metadata.paymentId === req.paymentId)).toHaveLength(1);
  });

  it('reads a payment back through its life: requires_action, processing, succeeded with the amount captured', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ currency: 'USD', amount: 2500 }));
    expect(await p.readPayment(opened.providerRef)).toEqual({ providerRef: opened.providerRef, status: 'requires_action', amountCaptured: 0, currency: 'USD' });
    fake.process(opened.providerRef);
    expect((await p.readPayment(opened.providerRef)).status).toBe('processing');
    fake.succeed(opened.providerRef);
    expect(await p.readPayment(opened.providerRef)).toEqual({ providerRef: opened.providerRef, status: 'succeeded', amountCaptured: 2500, currency: 'USD' });
  });

  it('reads a declined attempt as failed', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    fake.fail(opened.providerRef);
    expect((await p.readPayment(opened.providerRef)).status).toBe('failed');
  });

  it('cancels an open PaymentIntent, and a second cancel with another key is still done', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    await p.cancelPayment(opened.providerRef, 'cancel-1');
    expect(fake.intents.get(opened.providerRef)?.status).toBe('canceled');
    await p.cancelPayment(opened.providerRef, 'cancel-2');
    expect((await p.readPayment(opened.providerRef)).status).toBe('cancelled');
  });

  it('refuses to report a paid PaymentIntent as cancelled', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    fake.succeed(opened.providerRef);
    const error = await p.cancelPayment(opened.providerRef, 'cancel-paid').catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('payment_intent_unexpected_state');
  });

  it('answers an unknown PaymentIntent as a rejection with Stripe code resource_missing', async () => {
    const error = await provider()
      .readPayment('pi_unknown')
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('resource_missing');
  });
});

describe('Stripe adapter: refunds', () => {
  async function paid(amount = 10_000) {
    const p = provider();
    const opened = await p.openPayment(request({ amount }));
    fake.succeed(opened.providerRef);
    return { p, ref: opened.providerRef };
  }

  it('refunds part and then the rest with the given keys, each once', async () => {
    const { p, ref } = await paid();
    const first = await p.refund({ providerRef: ref, amount: 4000, currency: 'EUR', idempotencyKey: `${ref}:refund:1` });
    expect(first).toMatchObject({ status: 'succeeded', amount: 4000 });
    expect(first.refundRef).toStartWith('re_');
    const replay = await p.refund({ providerRef: ref, amount: 4000, currency: 'EUR', idempotencyKey: `${ref}:refund:1` });
    expect(replay.refundRef).toBe(first.refundRef);
    await p.refund({ providerRef: ref, amount: 6000, currency: 'EUR', idempotencyKey: `${ref}:refund:2` });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === ref).map((r) => r.amount)).toEqual([4000, 6000]);
  });

  it('never refunds above what was captured: Stripe refuses and the adapter reports amount_too_large', async () => {
    const { p, ref } = await paid(10_000);
    await p.refund({ providerRef: ref, amount: 7000, currency: 'EUR', idempotencyKey: `${ref}:refund:1` });
    const error = await p.refund({ providerRef: ref, amount: 3001, currency: 'EUR', idempotencyKey: `${ref}:refund:2` }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect(error.code).toBe('amount_too_large');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === ref).reduce((sum, r) => sum + r.amount, 0)).toBe(7000);
  });

  it('reports a refund of an unpaid PaymentIntent as refused', async () => {
    const p = provider();
    const opened = await p.openPayment(request());
    const error = await p.refund({ providerRef: opened.providerRef, amount: 100, currency: 'EUR', idempotencyKey: 'r-unpaid' }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
  });

  it('maps a refund Stripe settles later to pending', async () => {
    const { p, ref } = await paid();
    fake.state.refundStatus = 'pending';
    try {
      expect((await p.refund({ providerRef: ref, amount: 100, currency: 'EUR', idempotencyKey: `${ref}:refund:p` })).status).toBe('pending');
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
  });

  it('reads a refund back: pending, then succeeded or failed as Stripe settles it', async () => {
    const { p, ref } = await paid();
    fake.state.refundStatus = 'pending';
    try {
      const ok = await p.refund({ providerRef: ref, amount: 100, currency: 'EUR', idempotencyKey: `${ref}:refund:r1` });
      const bad = await p.refund({ providerRef: ref, amount: 200, currency: 'EUR', idempotencyKey: `${ref}:refund:r2` });
      expect(await p.readRefund(ok.refundRef)).toEqual({ refundRef: ok.refundRef, status: 'pending', amount: 100 });
      fake.settleRefund(ok.refundRef, 'succeeded');
      fake.settleRefund(bad.refundRef, 'failed');
      expect(await p.readRefund(ok.refundRef)).toEqual({ refundRef: ok.refundRef, status: 'succeeded', amount: 100 });
      expect(await p.readRefund(bad.refundRef)).toEqual({ refundRef: bad.refundRef, status: 'failed', amount: 200 });
      expect(await p.readRefund('re_unknown').catch((e) => e)).toBeInstanceOf(ProviderRejectedError);
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
  });
});

describe('Stripe adapter: provider failures', () => {
  it('retries a 500 with the same key and creates one PaymentIntent', async () => {
    const req = request();
    fake.failNext(1, 500);
    const opened = await provider({ maxNetworkRetries: 1 }).openPayment(req);
    expect(fake.intents.has(opened.providerRef)).toBe(true);
    expect(fake.requests.filter((r) => r.idempotencyKey === req.idempotencyKey)).toHaveLength(2);
  });

  it('maps 5xx answers to ProviderUnavailableError once retries are spent', async () => {
    fake.failNext(1, 503);
    const error = await provider({ maxNetworkRetries: 0 })
      .openPayment(request())
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
  });

  it('maps a hung Stripe to ProviderUnavailableError after the timeout', async () => {
    fake.hangNext(1);
    const error = await provider({ maxNetworkRetries: 0, timeoutMs: 200 })
      .readPayment('pi_whatever')
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
  });

  it('maps a refused connection to ProviderUnavailableError', async () => {
    const closed = startStripeFake();
    const url = closed.url;
    closed.stop();
    const error = await provider({ apiUrl: url, maxNetworkRetries: 0 })
      .readPayment('pi_x')
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps a wrong secret key (401) to ProviderUnavailableError, not a rejection of the payment', async () => {
    const error = await provider({ secretKey: 'sk_test_wrong' })
      .openPayment(request())
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).not.toBeInstanceOf(ProviderRejectedError);
  });

  it('refuses an API URL with a path or another scheme at construction', () => {
    expect(() => provider({ apiUrl: 'http://127.0.0.1:1/v1' })).toThrow(TypeError);
    expect(() => provider({ apiUrl: 'ftp://stripe.example' })).toThrow(TypeError);
  });
});
