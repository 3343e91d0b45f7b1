import { DomainError, ok } from '@tm/shared';
import { Elysia, t } from 'elysia';
import { applyPaymentEvent } from './apply-event.ts';
import type { PaymentDeps } from './deps.ts';
import { InvalidSignatureError } from './provider.ts';
import { PAYMENT_DOCS } from './route-docs.ts';

/**
 * Provider webhooks (public; the gateway exempts exactly these from the token rule and forwards
 * the body byte for byte). The raw body and headers go to the provider's `parseWebhook`; each
 * event is applied once; a valid delivery is answered 200 also when it is a duplicate or names
 * a payment we do not know.
 */
export function createWebhookRoutes(deps: PaymentDeps) {
  const app = new Elysia({ name: 'webhook-routes' });
  for (const name of ['stripe', 'razorpay'] as const) {
    const provider = deps.providers[name];
    if (!provider) continue;
    app.post(
      `/payments/webhooks/${name}`,
      async ({ request, body }) => {
        let events: Awaited<ReturnType<typeof provider.parseWebhook>>;
        try {
          events = await provider.parseWebhook(body, request.headers, deps.clock.now());
        } catch (err) {
          if (err instanceof InvalidSignatureError) throw new DomainError('INVALID_SIGNATURE', 'The webhook signature does not match or is too old');
          throw err;
        }
        const outcomes = [];
        for (const event of events) outcomes.push(await applyPaymentEvent(deps, event));
        return ok({ received: true, outcomes });
      },
      {
        // The signature covers the exact bytes: never re-serialised, whatever the content type says.
        parse: async ({ request }) => request.text(),
        body: t.String(),
        detail: name === 'stripe' ? PAYMENT_DOCS.stripeWebhook : PAYMENT_DOCS.razorpayWebhook,
      },
    );
  }
  return app;
}
