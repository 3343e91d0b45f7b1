import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import Stripe from 'stripe';
import { type StripeFake, startStripeFake } from './stripe-fake.ts';

// The fake is only worth something if the real client and Stripe's own signature code agree with it.
let fake: StripeFake;
let stripe: Stripe;
beforeAll(() => {
  fake = startStripeFake({ secretKey: 'sk_test_checked', webhookSecret: 'whsec_checked' });
  const port = Number(new URL(fake.url).port);
  stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port, protocol: 'http', httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 });
});
afterAll(() => fake.stop());

const subtle = Stripe.createSubtleCryptoProvider();

describe('Stripe fake, checked against the stripe package', () => {
  it('serves the official client: create, retrieve, cancel a PaymentIntent', async () => {
    const created = await stripe.paymentIntents.create({ amount: 1234, currency: 'eur', metadata: { bookingId: 'b1' } });
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 1234,
      currency: 'eur',
      status: 'requires_payment_method',
      metadata: { bookingId: 'b1' },
    });
    expect(created.client_secret).toStartWith(`${created.id}_secret_`);
    expect((await stripe.paymentIntents.retrieve(created.id)).id).toBe(created.id);
    expect((await stripe.paymentIntents.cancel(created.id)).status).toBe('canceled');
  });

  it('replays the first answer for the same key and marks it Idempotent-Replayed', async () => {
    const first = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' }, { idempotencyKey: 'fake-k1' });
    const again = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' }, { idempotencyKey: 'fake-k1' });
    expect(again.id).toBe(first.id);
    const raw = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'idempotency-key': 'fake-k1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'currency=usd&amount=5000',
    });
    expect(raw.headers.get('idempotent-replayed')).toBe('true');
    expect(((await raw.json()) as { id: string }).id).toBe(first.id);
  });

  it('answers the same key with other parameters as the client expects: StripeIdempotencyError', async () => {
    await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' }, { idempotencyKey: 'fake-k2' });
    const error = await stripe.paymentIntents.create({ amount: 5001, currency: 'usd' }, { idempotencyKey: 'fake-k2' }).catch((e) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
  });

  it('answers 409 idempotency_key_in_use to a twin sent while the first is still running', async () => {
    fake.state.processingDelayMs = 100;
    try {
      const [first, twin] = await Promise.allSettled([
        stripe.paymentIntents.create({ amount: 700, currency: 'aud' }, { idempotencyKey: 'fake-k3' }),
        stripe.paymentIntents.create({ amount: 700, currency: 'aud' }, { idempotencyKey: 'fake-k3' }),
      ]);
      expect(first.status).toBe('fulfilled');
      expect(twin.status === 'rejected' && (twin.reason as Stripe.errors.StripeError).statusCode).toBe(409);
    } finally {
      fake.state.processingDelayMs = 0;
    }
  });

  it('refuses a wrong key with 401 and unknown parameters with 400, as Stripe does', async () => {
    const port = Number(new URL(fake.url).port);
    const stranger = new Stripe('sk_test_other', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 0,
    });
    await expect(stranger.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const unknown = await stripe.paymentIntents.create({ amount: 700, currency: 'aud', customer: 'cus_1' }).catch((e) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
  });

  it('refunds at most what was captured, in one or several refunds', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'inr' });
    fake.succeed(intent.id);
    expect((await stripe.refunds.create({ payment_intent: intent.id, amount: 600 })).amount).toBe(600);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 401 })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(400);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('signs webhooks that stripe.webhooks.constructEventAsync accepts', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'aed' });
    const event = fake.succeed(intent.id);
    const payload = JSON.stringify(event);
    const parsed = await stripe.webhooks.constructEventAsync(payload, fake.signatureHeader(payload), fake.webhookSecret, 300, subtle);
    expect(parsed.id).toBe(event.id);
    await expect(
      stripe.webhooks.constructEventAsync(payload, fake.signatureHeader(payload, { secret: 'whsec_other' }), fake.webhookSecret, 300, subtle),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  it('signs exactly as stripe.webhooks.generateTestHeaderStringAsync does', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const timestamp = 1_700_000_000;
    const theirs = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: fake.webhookSecret, timestamp, cryptoProvider: subtle });
    expect(fake.signatureHeader(payload, { timestampS: timestamp })).toBe(theirs);
  });

  it('delivers webhooks to a URL with the raw body it signed', async () => {
    const received: { body: string; signature: string | null }[] = [];
    const receiver = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      async fetch(req) {
        received.push({ body: await req.text(), signature: req.headers.get('stripe-signature') });
        return new Response(null, { status: 204 });
      },
    });
    try {
      const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
      const res = await fake.sendWebhook(`http://127.0.0.1:${receiver.port}/hook`, fake.succeed(intent.id));
      expect(res.status).toBe(204);
      const [got] = received;
      if (!got?.signature) throw new Error('nothing delivered');
      const event = await stripe.webhooks.constructEventAsync(got.body, got.signature, fake.webhookSecret, 300, subtle);
      expect(event.type).toBe('payment_intent.succeeded');
    } finally {
      receiver.stop(true);
    }
  });
});
