import { describe, expect, it } from 'bun:test';
import { createExternalProviders } from './index.ts';

describe('createExternalProviders', () => {
  it('builds only the providers that have settings, each under its own name', () => {
    const none = createExternalProviders({});
    expect(none).toEqual({});
    const both = createExternalProviders({
      stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: 'https://api.stripe.com' },
      razorpay: { keyId: 'rzp_test_x', keySecret: 's', webhookSecret: 'w', apiUrl: 'https://api.razorpay.com' },
    });
    expect(both.stripe?.name).toBe('stripe');
    expect(both.razorpay?.name).toBe('razorpay');
    expect(typeof both.razorpay?.verifyClientConfirmation).toBe('function');
    expect(both.stripe?.verifyClientConfirmation).toBeUndefined();
  });

  it('refuses an API URL that is not a bare http(s) origin', () => {
    expect(() => createExternalProviders({ razorpay: { keyId: 'k', keySecret: 's', webhookSecret: 'w', apiUrl: 'api.razorpay.com' } })).toThrow(TypeError);
  });
});
