import type { PaymentProvider } from '../provider.ts';
import { createRazorpayProvider, type RazorpayProviderOptions } from './razorpay.ts';
import { createStripeProvider, type StripeProviderOptions } from './stripe.ts';

export { ProviderRejectedError } from './provider-wire.ts';
export { createRazorpayProvider, type RazorpayProviderOptions } from './razorpay.ts';
export { createStripeProvider, STRIPE_WEBHOOK_TOLERANCE_S, type StripeProviderOptions } from './stripe.ts';

/** The external providers' settings as config has them; a provider without settings is not built. */
export interface ExternalProviderSettings {
  stripe?: Omit<StripeProviderOptions, 'fetch'>;
  razorpay?: Omit<RazorpayProviderOptions, 'fetch'>;
  fetch?: typeof fetch;
}

/** Builds the configured external providers by name (the core adds `dev` and maps markets to them). */
export function createExternalProviders(settings: ExternalProviderSettings): { stripe?: PaymentProvider; razorpay?: PaymentProvider } {
  const withFetch = settings.fetch ? { fetch: settings.fetch } : {};
  return {
    ...(settings.stripe ? { stripe: createStripeProvider({ ...settings.stripe, ...withFetch }) } : {}),
    ...(settings.razorpay ? { razorpay: createRazorpayProvider({ ...settings.razorpay, ...withFetch }) } : {}),
  };
}
