/**
 * One test file's Stripe or Razorpay fake and the real adapter pointed at it. Call it at the top
 * of the file: the fake starts at once and stops after the file's tests. Tests only.
 */
import { afterAll } from 'bun:test';
import type { OpenPaymentRequest } from '../payments/provider.ts';
import { createRazorpayProvider, type RazorpayProviderOptions } from '../payments/providers/razorpay.ts';
import { createStripeProvider, type StripeProviderOptions } from '../payments/providers/stripe.ts';
import { paymentRequest } from './payment-requests.ts';
import { type RazorpayEvent, startRazorpayFake } from './razorpay-fake.ts';
import { type StripeEvent, startStripeFake } from './stripe-fake.ts';

/** The Stripe fake, the adapter against it (2 s timeout), a DE payment to open, and a webhook as the route hands it over. */
export function startStripeFixture() {
  const fake = startStripeFake();
  afterAll(() => fake.stop());
  return {
    fake,
    provider: (overrides: Partial<StripeProviderOptions> = {}) =>
      createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url, timeoutMs: 2000, ...overrides }),
    request: (overrides: Partial<OpenPaymentRequest> = {}) => paymentRequest(overrides),
    /** What the webhook route hands the adapter: the raw body and the request's headers. */
    delivered(event: StripeEvent, opts: { timestampS?: number; secret?: string } = {}) {
      const rawBody = JSON.stringify(event, null, 2);
      return { rawBody, headers: new Headers({ 'stripe-signature': fake.signatureHeader(rawBody, opts) }) };
    },
  };
}

/** The Razorpay fake, the adapter against it (2 s timeout), an IN payment to open, and a webhook as the route hands it over. */
export function startRazorpayFixture() {
  const fake = startRazorpayFake();
  afterAll(() => fake.stop());
  return {
    fake,
    provider: (overrides: Partial<RazorpayProviderOptions> = {}) =>
      createRazorpayProvider({
        keyId: fake.keyId,
        keySecret: fake.keySecret,
        webhookSecret: fake.webhookSecret,
        apiUrl: fake.url,
        timeoutMs: 2000,
        ...overrides,
      }),
    request: (overrides: Partial<OpenPaymentRequest> = {}) => paymentRequest({ market: 'IN', amount: 236_000, currency: 'INR', ...overrides }),
    /** What the webhook route hands the adapter: the raw body and the request's headers. */
    delivered(event: RazorpayEvent, secret = fake.webhookSecret) {
      const rawBody = JSON.stringify(event.body);
      return { rawBody, headers: new Headers({ 'x-razorpay-signature': fake.signature(rawBody, secret), 'x-razorpay-event-id': event.id }) };
    },
  };
}
