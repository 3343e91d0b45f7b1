import { describe, expect, it } from 'bun:test';
import { startStripeFixture } from '../../testing/provider-fixtures.ts';
import { InvalidSignatureError, type OpenPaymentRequest } from '../provider.ts';

const { fake, provider, request, delivered } = startStripeFixture();

describe('Stripe adapter: webhooks', () => {
  async function openedAndPaid(currency: OpenPaymentRequest['currency'] = 'EUR') {
    const opened = await provider().openPayment(request({ currency, amount: 7_777 }));
    return { ref: opened.providerRef, event: fake.succeed(opened.providerRef) };
  }

  it('maps payment_intent.succeeded to payment_succeeded with the amount received and upper-case currency', async () => {
    const { ref, event } = await openedAndPaid('INR');
    const { rawBody, headers } = delivered(event);
    expect(await provider().parseWebhook(rawBody, headers, Date.now())).toEqual([
      { kind: 'payment_succeeded', eventId: event.id, provider: 'stripe', providerRef: ref, amount: 7_777, currency: 'INR' },
    ]);
  });

  it('maps payment_intent.payment_failed and payment_intent.canceled', async () => {
    const p = provider();
    const opened = await p.openPayment(request({ amount: 900 }));
    const failed = fake.fail(opened.providerRef);
    const one = delivered(failed);
    expect(await p.parseWebhook(one.rawBody, one.headers, Date.now())).toEqual([
      { kind: 'payment_failed', eventId: failed.id, provider: 'stripe', providerRef: opened.providerRef, amount: 900, currency: 'EUR' },
    ]);
    await p.cancelPayment(opened.providerRef, `${opened.providerRef}:cancel`);
    const canceled = fake.events.findLast((e) => e.type === 'payment_intent.canceled' && e.data.object.id === opened.providerRef);
    if (!canceled) throw new Error('no payment_intent.canceled event');
    const two = delivered(canceled);
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
    const { rawBody, headers } = delivered(event);
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
      const failed = delivered(fake.settleRefund(refund.refundRef, 'failed'));
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
      const succeeded = delivered(fake.settleRefund(ok.refundRef, 'succeeded'));
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
      const { rawBody, headers } = delivered(event);
      expect(await p.parseWebhook(rawBody, headers, Date.now())).toEqual([]);
    }
  });

  it('refuses a missing, forged, stale or future signature, and a body changed after signing', async () => {
    const { event } = await openedAndPaid();
    const p = provider();
    const nowMs = Date.now();
    const good = delivered(event);
    await expect(p.parseWebhook(good.rawBody, new Headers(), nowMs)).rejects.toThrow(InvalidSignatureError);
    const forged = delivered(event, { secret: 'whsec_attacker' });
    await expect(p.parseWebhook(forged.rawBody, forged.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    const stale = delivered(event, { timestampS: Math.floor(nowMs / 1000) - 301 });
    await expect(p.parseWebhook(stale.rawBody, stale.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    const future = delivered(event, { timestampS: Math.floor(nowMs / 1000) + 301 });
    await expect(p.parseWebhook(future.rawBody, future.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    await expect(p.parseWebhook(good.rawBody.replace('7777', '7778'), good.headers, nowMs)).rejects.toThrow(InvalidSignatureError);
    await expect(p.parseWebhook(good.rawBody, new Headers({ 'stripe-signature': 'garbage' }), nowMs)).rejects.toThrow(InvalidSignatureError);
  });

  it('accepts a signature up to 300 s old by the clock it is given', async () => {
    const { event } = await openedAndPaid();
    const nowMs = Date.now();
    const old = delivered(event, { timestampS: Math.floor(nowMs / 1000) - 299 });
    expect(await provider().parseWebhook(old.rawBody, old.headers, nowMs)).toHaveLength(1);
  });
});
