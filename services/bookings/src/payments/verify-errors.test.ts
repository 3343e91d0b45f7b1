import { beforeEach, describe, expect, it } from 'bun:test';
import { type BookingsUnderTest, createBookingsUnderTest } from '../testing/bookings-under-test.ts';
import { createTestProvider } from '../testing/test-provider.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { ProviderUnavailableError } from './provider.ts';
import { ProviderRejectedError } from './providers/index.ts';

let t: BookingsUnderTest;
let provider: ReturnType<typeof createTestProvider> & { verifyClientConfirmation?: (body: { razorpay_order_id: string }) => Promise<PaymentEvent> };
beforeEach(async () => {
  provider = createTestProvider();
  t = await createBookingsUnderTest({ providers: { stripe: provider as unknown as PaymentProvider }, marketProviders: { DE: 'stripe' } });
});

async function openPayment() {
  const customer = await t.tokenFor('customer');
  const b = (await t.call('POST', '/bookings', { token: customer.token, body: { items: [{ serviceId: 'x' }] }, headers: { 'x-country': 'DE' } })).body.data;
  const p = (await t.call('POST', '/payments', { token: customer.token, body: { bookingId: b.id } })).body.data;
  const ref = (await t.parts.payments.findById(p.id))?.providerRef as string;
  return { customer, b, p, body: { razorpay_order_id: ref, razorpay_payment_id: 'pay_1', razorpay_signature: 'signed' } };
}

describe('POST /payments/{id}/verify when the provider does not confirm', () => {
  it('answers 409 PAYMENT_NOT_CAPTURED when the provider refuses the payment named, and changes nothing', async () => {
    const { customer, b, p, body } = await openPayment();
    provider.verifyClientConfirmation = async () => {
      throw new ProviderRejectedError('PAYMENT_FAILED', 'payment pay_1 failed', 400);
    };
    const res = await t.call('POST', `/payments/${p.id}/verify`, { token: customer.token, body });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: { code: 'PAYMENT_NOT_CAPTURED' } });
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('pending_payment');
  });

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE with Retry-After while unconfirmed, not kept for the key, and the retry applies it', async () => {
    const { customer, b, p, body } = await openPayment();
    let down = true;
    provider.verifyClientConfirmation = async (confirmation) => {
      if (down) throw new ProviderUnavailableError('payment pay_1 is not captured yet');
      return {
        kind: 'payment_succeeded',
        eventId: 'v_1',
        provider: 'stripe',
        providerRef: confirmation.razorpay_order_id,
        amount: b.total,
        currency: b.currency,
      };
    };
    const headers = { 'idempotency-key': 'verify-1' };
    const first = await t.call('POST', `/payments/${p.id}/verify`, { token: customer.token, body, headers });
    expect(first.status).toBe(503);
    expect(first.body.error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(first.headers.get('retry-after')).toBe('5');
    down = false;
    const retry = await t.call('POST', `/payments/${p.id}/verify`, { token: customer.token, body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.body.data.status).toBe('succeeded');
    expect((await t.parts.bookings.findById(b.id))?.status).toBe('paid');
  });
});
