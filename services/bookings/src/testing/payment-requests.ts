import type { OpenPaymentRequest } from '../payments/provider.ts';

/** A fresh payment to open, with a key derived from it as the core derives it (`pay_<paymentId>:create`). Tests only. */
export function paymentRequest(overrides: Partial<OpenPaymentRequest> = {}): OpenPaymentRequest {
  const paymentId = crypto.randomUUID().replaceAll('-', '').slice(0, 24);
  return {
    paymentId,
    bookingId: `b${paymentId.slice(1)}`,
    market: 'DE',
    amount: 119_000,
    currency: 'EUR',
    idempotencyKey: `pay_${paymentId}:create`,
    ...overrides,
  };
}
