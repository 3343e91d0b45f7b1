import type { BookingsConfig } from '../config.ts';
import { createDevProvider } from './dev-provider.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';

/**
 * The providers the markets use, built from the configuration. The Stripe and Razorpay adapters
 * live in `./providers/` (written alongside this service); they are loaded by path only when a
 * market uses them, so this service starts on the dev provider without them.
 */
export async function createProviders(config: BookingsConfig): Promise<Partial<Record<ProviderName, PaymentProvider>>> {
  const used = new Set(Object.values(config.marketProviders));
  const out: Partial<Record<ProviderName, PaymentProvider>> = {};
  if (used.has('dev')) out.dev = createDevProvider({ publicBaseUrl: config.PUBLIC_BASE_URL });
  if (used.has('stripe')) {
    const path = './providers/stripe.ts';
    const { createStripeProvider } = (await import(path)) as { createStripeProvider(o: Record<string, unknown>): PaymentProvider };
    out.stripe = createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL });
  }
  if (used.has('razorpay')) {
    const path = './providers/razorpay.ts';
    const { createRazorpayProvider } = (await import(path)) as { createRazorpayProvider(o: Record<string, unknown>): PaymentProvider };
    out.razorpay = createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
  }
  return out;
}
