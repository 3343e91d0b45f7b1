import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { paymentRequest } from '../../testing/payment-requests.ts';
import { type StripeFake, startStripeFake } from '../../testing/stripe-fake.ts';
import { InvalidSignatureError, type OpenPaymentRequest } from '../provider.ts';
import { createStripeProvider, type StripeProviderOptions } from './stripe.ts';

let fake: StripeFake;
beforeAll(() => {
  fake = startStripeFake();
});
afterAll(() => fake.stop());

const provider = (overrides: Partial<StripeProviderOptions> = {}) =>
  createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, timeoutMs: 2000, ...overrides });

const request = (overrides: Partial<OpenPaymentRequest> = {}) => paymentRequest(overrides);

/** What the webhook route hands the adapter: the raw body and the request's headers. */
async function delivered(event: ReturnType<StripeFake['succeed']>, opts: { timestampS?: number; secret?: string } = {}) {
  const rawBody = JSON.stringify(event, null, 2);
  return { rawBody, headers: new Headers({ 'stripe-signature': fake.signatureHeader(rawBody, opts) }) };
}

describe('Stripe adapter: webhooks', () => {
  async function openedAndPaid(currency: OpenPaymentRequest['currency'] = 'EUR') {
    const opened = await provider().openPayment(request({ currency, amount: 7_777 }));
    return { ref: opened.providerRef, event: fake.succeed(opened.providerRef) };
  }

  it('maps payment_intent.succeeded to payment_succeeded with the amount received and upper-case currency', async () => {
    const { ref, event } = await openedAndPaid('INR');
    const { rawBody, headers } = await delivered(event);
    expect(await provider().parseWebhook(rawBody, headers, Date.now())).toEqual([
      { kind: 'payment_succeeded', eventId: event.id, provider: 'stripe', providerRef: ref, amount: 7_777, currency: 'INR' },
    ]);
  });

  it('maps payment_intent.payment_failed and payment_intent.canceled', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ amount: 900 }));
    const failed = fake.fail(opened.providerRef);
    const one = await delivered(failed);
    expect(await p.parseWebhook(one.rawBody, one.headers, Date.now())).toEqual([
      { kind: 'payment_failed', eventId: failed.id, provider: 'stripe', providerRef: opened.providerRef, amount: 900, currency: 'EUR' },
    ]);
    await p.cancelPayment(opened.providerRef, `${opened.providerRef}:cancel`);
    const canceled = fake.events.findLast((e) => e.type === 'payment_intent.canceled' && e.data.object.id === opened.providerRef);
    if (!canceled) throw new Error('no payment_intent.canceled event');
    const two = await delivered(canceled);
    expect(await p.parseWebhook(two.rawBody, two.headers, Date.now())).toEqual([
      { kind: 'payment_cancelled', eventId: canceled.id, provider: 'stripe', providerRef: opened.providerRef, amount: 900, currency: 'EUR' },
    ]);
  });

  it('maps charge.refunded to refund_succeeded with the total refunded so far', async () => {
    const { ref } = await openedAndPaid();
    const p = provider();
    await p.refund({ providerRef: ref, amount: 1000, currency: 'EUR', idempotencyKey: `${ref}:refund:1` });
    const second = await p.refund({ providerRef: ref, amount: 2000, currency: 'EUR', idempotencyKey: `${ref}:refund:2` });
    const event = fake.events.findLast((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === ref);
    if (!event) throw new Error('no charge.refunded event');
    const { rawBody, headers } = await delivered(event);
    expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([
      { kind: 'refund_succeeded', eventId: event.id, provider: 'stripe', providerRef: ref, refundRef: second.refundRef, amountRefunded: 3000, currency: 'EUR' },
    ]);
  });

  it('maps charge.refund.updated with a failed refund to refund_failed, and ignores one that succeeded', async () => {
    const { ref } = await openedAndPaid();
    const p = provider();
    fake.state.refundStatus = 'pending';
    try {
      const refund = await p.refund({ providerRef: ref, amount: 1000, currency: 'EUR', idempotencyKey: `${ref}:refund:f` });
      const ok = await p.refund({ providerRef: ref, amount: 500, currency: 'EUR', idempotencyKey: `${ref}:refund:s` });
      const failed = await delivered(fake.settleRefund(refund.refundRef, 'failed'));
      expect(await p.parseWebhook(failed.rawBody, failed.headers, Date.now())).toEqual([
        {
          kind: 'refund_failed',
          eventId: expect.any(String),
          provider: 'stripe',
          providerRef: ref,
          refundRef: refund.refundRef,
          amountRefunded: 0,
          currency: 'EUR',
        },
      ]);
      const succeeded = await delivered(fake.settleRefund(ok.refundRef, 'succeeded'));
      expect(await p.parseWebhook(succeeded.rawBody, succeeded.headers, Date.now())).toEqual([]);
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
  });

  it('ignores event types it does not apply, and events in a currency we never trade in', async () => {
    const { ref } = await openedAndPaid();
    const p = provider();
    for (const event of [
      fake.emit('payment_intent.created', fake.intents.get(ref)),
      fake.emit('customer.created', { id: 'cus_1', object: 'customer' }),
      fake.emit('payment_intent.succeeded', { ...fake.intents.get(ref), currency: 'jpy' }),
    ]) {
      const { rawBody, headers } = await delivered(event);
      expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([]);
    }
  });

  it('refuses a missing, forged, stale or future signature, and a body changed after signing', async () => {
    const { event } = await openedAndPaid();
    const p = provider();
    const nowMs = Date.now();
    const good = await delivered(event);
    await expect(p.parseWebhook(good.rawBody, new Headers(), nowMs)).rejects.toThrow(InvalidSignatureError);
    const forged = await delivered(event, { secret: 'whsec_attacker' });
    await expect(p.parseWebhook(forged.rawBody, forged.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    const stale = await delivered(event, { timestampS: Math.floor(nowMs / 1000) - 301 });
    await expect(p.parseWebhook(stale.rawBody, stale.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    const future = await delivered(event, { timestampS: Math.floor(nowMs / 1000) + 301 });
    await expect(p.parseWebhook(future.rawBody, future.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    await expect(p.parseWebhook(good.rawBody.replace('7777', '7778'), good.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    await expect(p.parseWebhook(good.rawBody, new Headers({ 'stripe-signature': 'garbage' }), nowMs)).rejects.toThrow(InvalidSignatureError);
  });

  it('accepts a signature up to 300 s old by the clock it is given', async () => {
    const { event } = await openedAndPaid();
    const nowMs = Date.now();
    const old = await delivered(event, { timestampS: Math.floor(nowMs / 1000) - 299 });
    expect(await provider().parseWebhook(old.rawBody, old.headers, nowMs)).toHaveLength(1);
  });
});
