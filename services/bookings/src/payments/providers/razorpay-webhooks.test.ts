import { describe, expect, it } from 'bun:test';
import { startRazorpayFixture } from '../../testing/provider-fixtures.ts';
import { InvalidSignatureError, ProviderUnavailableError } from '../provider.ts';
import { ProviderRejectedError } from './provider-wire.ts';

const { fake, provider, request, delivered } = startRazorpayFixture();

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

  it('maps refund.failed to refund_failed with what is still refunded on the payment', async () => {
    const { p, ref, payment } = await capturedOrder(10_000);
    fake.state.refundStatus = 'pending';
    try {
      const refund = await p.refund({ providerRef: ref, providerPaymentId: payment.id, amount: 4000, currency: 'INR', idempotencyKey: `${ref}:refund:f` });
      const event = fake.failRefund(refund.refundRef);
      const { rawBody, headers } = delivered(event);
      expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([
        { kind: 'refund_failed', eventId: event.id, provider: 'razorpay', providerRef: ref, refundRef: refund.refundRef, amountRefunded: 0, currency: 'INR' },
      ]);
    } finally {
      fake.state.refundStatus = 'processed';
    }
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
