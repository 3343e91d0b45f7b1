import type { BookingsConfig } from '../config.ts';
import { createDevProvider } from './dev-provider.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createExternalProviders } from './providers/index.ts';

/**
 * The providers the markets use, built from the configuration: Stripe and Razorpay when a market
 * is mapped to them (config.ts has checked their keys), and the dev provider only when a market
 * uses it (production refuses that at config time).
 */
export function createProviders(config: BookingsConfig): Partial<Record<ProviderName, PaymentProvider>> {
  const used = new Set(Object.values(config.marketProviders));
  const external = createExternalProviders({
    ...(used.has('stripe') && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? { stripe: { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL } }
      : {}),
    ...(used.has('razorpay') && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET
      ? {
          razorpay: {
            keyId: config.RAZORPAY_KEY_ID,
            keySecret: config.RAZORPAY_KEY_SECRET,
            webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: config.RAZORPAY_API_URL,
          },
        }
      : {}),
  });
  return { ...external, ...(used.has('dev') ? { dev: createDevProvider({ publicBaseUrl: config.PUBLIC_BASE_URL }) } : {}) };
}
