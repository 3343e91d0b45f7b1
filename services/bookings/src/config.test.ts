import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadBookingsConfig } from './config.ts';

describe('bookings configuration', () => {
  it('defaults to port 8084, the embedded store and the dev provider everywhere', () => {
    const c = loadBookingsConfig({});
    expect(c.PORT).toBe(8084);
    expect(c.MONGODB_URL).toBeUndefined();
    expect(Object.values(c.marketProviders)).toEqual(['dev', 'dev', 'dev', 'dev', 'dev']);
    expect(c.jwksUrl).toBe('http://127.0.0.1:8081/.well-known/jwks.json');
  });

  it('uses Razorpay for IN and Stripe elsewhere when their keys are set, and PAYMENT_PROVIDERS over both', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_WEBHOOK_SECRET: 'whsec',
      RAZORPAY_KEY_ID: 'rzp',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(loadBookingsConfig(keys).marketProviders).toEqual({ IN: 'razorpay', AE: 'stripe', DE: 'stripe', US: 'stripe', AU: 'stripe' });
    expect(loadBookingsConfig({ ...keys, PAYMENT_PROVIDERS: 'in=stripe,AE=razorpay' }).marketProviders.IN).toBe('stripe');
  });

  it("reads auth's revocation feed with the gateway's settings and staleness rule", () => {
    expect(loadBookingsConfig({})).toMatchObject({ REVOCATION_POLL_MS: 1000, REVOCATION_MAX_STALENESS_MS: 4000 });
    expect(() => loadBookingsConfig({ REVOCATION_POLL_MS: '2000', REVOCATION_MAX_STALENESS_MS: '3000' })).toThrow(/at least twice REVOCATION_POLL_MS/);
  });

  it('refuses bad values, a provider without keys, and in production the embedded store and the dev provider', () => {
    expect(() => loadBookingsConfig({ PAYMENT_PROVIDERS: 'FR=stripe' })).toThrow(ConfigError);
    expect(() => loadBookingsConfig({ PAYMENT_PROVIDERS: 'IN=paypal' })).toThrow(ConfigError);
    expect(() => loadBookingsConfig({ PAYMENT_PROVIDERS: 'DE=stripe' })).toThrow(/STRIPE/);
    expect(() => loadBookingsConfig({ PORT: 'x' })).toThrow(ConfigError);
    const prod = () => loadBookingsConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV });
    expect(prod).toThrow(/MONGODB_URL/);
    expect(prod).toThrow(/dev provider/);
  });

  it('reads the outbox settings, and refuses the OUTBOX_PAUSED test switch in production', () => {
    expect(loadBookingsConfig({})).toMatchObject({ OUTBOX_POLL_MS: 1_000, OUTBOX_LEASE_MS: 60_000, OUTBOX_STAGED_GRACE_MS: 60_000, OUTBOX_PAUSED: false });
    expect(loadBookingsConfig({ OUTBOX_PAUSED: 'true' }).OUTBOX_PAUSED).toBe(true);
    expect(() => loadBookingsConfig({ OUTBOX_LEASE_MS: '5' })).toThrow(/OUTBOX_LEASE_MS/);
    expect(() => loadBookingsConfig({ NODE_ENV: 'production', OUTBOX_PAUSED: 'true' })).toThrow(/OUTBOX_PAUSED/);
  });

  it('refuses a provider API URL with a path, query, fragment or credentials, naming the variable and never repeating a secret', () => {
    for (const [variable, value, part] of [
      ['STRIPE_API_URL', 'http://127.0.0.1:12111/v1', 'a path'],
      ['STRIPE_API_URL', 'https://api.stripe.com/?x=1', 'a query'],
      ['RAZORPAY_API_URL', 'https://key:s3cret@api.razorpay.com', 'credentials'],
      ['RAZORPAY_API_URL', 'https://api.razorpay.com/#v1', 'a fragment'],
    ] as const) {
      let error: unknown;
      try {
        loadBookingsConfig({ [variable]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).toContain(variable);
      expect(String((error as Error).message)).toContain(part);
      expect(String((error as Error).message)).not.toContain('s3cret');
    }
  });

  it('takes a provider API origin with or without a trailing slash, as its bare origin', () => {
    expect(loadBookingsConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111/' }).STRIPE_API_URL).toBe('http://127.0.0.1:12111');
    expect(loadBookingsConfig({ RAZORPAY_API_URL: 'http://127.0.0.1:9000' }).RAZORPAY_API_URL).toBe('http://127.0.0.1:9000');
    expect(loadBookingsConfig({}).STRIPE_API_URL).toBe('https://api.stripe.com');
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadBookingsConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
