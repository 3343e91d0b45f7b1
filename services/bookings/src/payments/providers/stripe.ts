import Stripe from 'stripe';
import {
  InvalidSignatureError,
  type OpenedPayment,
  type OpenPaymentRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentState,
  type ProviderPaymentStatus,
  ProviderUnavailableError,
  type RefundRequest,
  type RefundResult,
} from '../provider.ts';
import { assertPositiveMinor, expectCurrency, expectMinor, ProviderRejectedError, parseApiUrl, toCurrencyCode } from './provider-wire.ts';

/** Stripe signs webhooks with a timestamp; older (or further in the future) than this is refused. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

export interface StripeProviderOptions {
  /** `STRIPE_SECRET_KEY` (`sk_live_…`/`sk_test_…`). */
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET` (`whsec_…`), the endpoint's signing secret. */
  webhookSecret: string;
  /** `STRIPE_API_URL`: `https://api.stripe.com`, or a local fake's origin in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** One request's limit, in ms (default 10 000): a provider that hangs becomes ProviderUnavailableError. */
  timeoutMs?: number;
  /** Retries the client itself makes on connection errors, 409 and 5xx, with the same idempotency key (default 2). */
  maxNetworkRetries?: number;
}

/**
 * The Stripe adapter: PaymentIntents through the official `stripe` package (its fetch HTTP
 * client, which Bun needs), pointed at `apiUrl`. It only translates: amounts stay integer minor
 * units, currencies go out lower case and come back upper case, and every answer Stripe gives is
 * mapped to the port's statuses and events. Whether a payment may be opened, refunded or paid is
 * the core's decision.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const api = parseApiUrl(options.apiUrl, 'STRIPE_API_URL');
  const stripe = new Stripe(options.secretKey, {
    host: api.host,
    port: api.port,
    protocol: api.protocol,
    httpClient: Stripe.createFetchHttpClient(options.fetch),
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  return {
    name: 'stripe',

    async openPayment(request: OpenPaymentRequest): Promise<OpenedPayment> {
      assertPositiveMinor(request.amount, 'openPayment');
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            metadata: { bookingId: request.bookingId, paymentId: request.paymentId },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new ProviderUnavailableError(`PaymentIntent ${intent.id} came without a client secret`);
      const amount = expectMinor(intent.amount, 'PaymentIntent amount');
      const currency = expectCurrency(intent.currency, 'PaymentIntent');
      // Stripe refuses a key reused with other parameters; this guards a replay that is not ours all the same.
      if (amount !== request.amount || currency !== request.currency) {
        throw new ProviderRejectedError('IDEMPOTENCY_KEY_REUSED', `PaymentIntent ${intent.id} for this key is ${amount} ${currency}`, 400);
      }
      return { providerRef: intent.id, status: toStatus(intent), amount, currency, next: { type: 'stripe', clientSecret: intent.client_secret } };
    },

    async readPayment(providerRef: string): Promise<ProviderPaymentState> {
      const intent = await call(() => stripe.paymentIntents.retrieve(providerRef));
      const status = toStatus(intent);
      return {
        providerRef: intent.id,
        status,
        amountCaptured: status === 'succeeded' ? expectMinor(intent.amount_received, 'PaymentIntent amount_received') : 0,
        currency: expectCurrency(intent.currency, 'PaymentIntent'),
      };
    },

    async cancelPayment(providerRef: string, idempotencyKey: string): Promise<void> {
      try {
        await call(() => stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey }));
      } catch (error) {
        // Cancelling twice (another key, or after Stripe's own expiry) is done, not an error; cancelling
        // a PaymentIntent that succeeded is refused, because then the money was taken.
        if (!(error instanceof ProviderRejectedError) || error.code !== 'payment_intent_unexpected_state') throw error;
        const intent = await call(() => stripe.paymentIntents.retrieve(providerRef));
        if (intent.status !== 'canceled') throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      assertPositiveMinor(request.amount, 'refund');
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: request.providerRef, amount: request.amount }, { idempotencyKey: request.idempotencyKey }),
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { refundRef: refund.id, status, amount: expectMinor(refund.amount, 'Refund amount') };
    },

    async readRefund(refundRef: string): Promise<RefundResult> {
      const refund = await call(() => stripe.refunds.retrieve(refundRef));
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { refundRef: refund.id, status, amount: expectMinor(refund.amount, 'Refund amount') };
    },

    async parseWebhook(rawBody: string, headers: Headers, nowMs: number): Promise<PaymentEvent[]> {
      const header = headers.get('stripe-signature');
      if (!header) throw new InvalidSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await Stripe.webhooks.constructEventAsync(rawBody, header, options.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, cryptoProvider, nowMs);
      } catch (error) {
        throw new InvalidSignatureError(`Stripe-Signature refused: ${(error as Error).message.split('\n')[0]}`);
      }
      // stripe-node bounds only the age; a timestamp far ahead of our clock is as suspect as a stale one.
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
      if (signedAt * 1000 - nowMs > STRIPE_WEBHOOK_TOLERANCE_S * 1000) throw new InvalidSignatureError('Stripe-Signature timestamp is in the future');
      return toPaymentEvents(event);
    },
  };
}

/** A Stripe call whose failures become the port's errors: retry later (unavailable) or refused for good (rejected). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toProviderError(error);
  }
}

function toProviderError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    // 400, 402 and 404 are answers about this request that a retry cannot change; 401/403 (keys),
    // 409 (a twin still running), 429 and 5xx are the provider's state and may pass later.
    if (status === 400 || status === 402 || status === 404) {
      return new ProviderRejectedError(error.code ?? error.rawType ?? 'stripe_error', `Stripe refused (${status}): ${error.message}`, status);
    }
    return new ProviderUnavailableError(`Stripe unavailable (${status ?? 'no answer'}): ${error.message}`);
  }
  if (error instanceof ProviderUnavailableError) return error;
  return new ProviderUnavailableError(`Stripe call failed: ${(error as Error)?.message ?? String(error)}`);
}

/** Stripe's PaymentIntent statuses on the port's scale; a declined attempt (last_payment_error) reads as failed. */
function toStatus(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'cancelled';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_action';
    default:
      return 'requires_action';
  }
}

const PAYMENT_KINDS = {
  'payment_intent.succeeded': 'payment_succeeded',
  'payment_intent.payment_failed': 'payment_failed',
  'payment_intent.canceled': 'payment_cancelled',
} as const;

/** The events the core applies; any other type, or one in a currency we never trade in, is nothing to apply. */
function toPaymentEvents(event: Pick<Stripe.Event, 'id' | 'type' | 'data'>): PaymentEvent[] {
  const object = event.data.object as unknown as Record<string, unknown>;
  const currency = toCurrencyCode(object.currency);
  if (!currency) return [];
  if (event.type in PAYMENT_KINDS) {
    const kind = PAYMENT_KINDS[event.type as keyof typeof PAYMENT_KINDS];
    const intent = object as unknown as Stripe.PaymentIntent;
    // A success reports what was received; a failure or cancellation what was asked.
    const amount = kind === 'payment_succeeded' ? intent.amount_received : intent.amount;
    if (typeof intent.id !== 'string' || !Number.isSafeInteger(amount)) return [];
    return [{ kind, eventId: event.id, provider: 'stripe', providerRef: intent.id, amount, currency }];
  }
  if (event.type === 'charge.refunded') {
    const charge = object as unknown as Stripe.Charge;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId || !Number.isSafeInteger(charge.amount_refunded)) return [];
    const refundRef = charge.refunds?.data?.[0]?.id;
    return [
      {
        kind: 'refund_succeeded',
        eventId: event.id,
        provider: 'stripe',
        providerRef: intentId,
        ...(refundRef ? { refundRef } : {}),
        amountRefunded: charge.amount_refunded,
        currency,
      },
    ];
  }
  if (event.type === 'charge.refund.updated' || event.type === 'refund.updated' || event.type === 'refund.failed') {
    // A refund Stripe took as pending and could not make (status failed or canceled): retried by the core.
    const refund = object as unknown as Stripe.Refund;
    const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    if (!intentId || (refund.status !== 'failed' && refund.status !== 'canceled')) return [];
    return [{ kind: 'refund_failed', eventId: event.id, provider: 'stripe', providerRef: intentId, refundRef: refund.id, amountRefunded: 0, currency }];
  }
  return [];
}
