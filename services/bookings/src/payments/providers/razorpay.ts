import {
  InvalidSignatureError,
  type OpenedPayment,
  type OpenPaymentRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPaymentState,
  ProviderUnavailableError,
  type RefundRequest,
  type RefundResult,
} from '../provider.ts';
import { assertPositiveMinor, expectCurrency, expectMinor, ProviderRejectedError, parseApiUrl } from './provider-wire.ts';
import { parseRazorpayWebhook, type RazorpayPayment, razorpaySignature, signatureMatches, wasCaptured } from './razorpay-events.ts';

export interface RazorpayProviderOptions {
  /** `RAZORPAY_KEY_ID` (`rzp_live_…`/`rzp_test_…`), also handed to the browser's checkout. */
  keyId: string;
  /** `RAZORPAY_KEY_SECRET`: basic-auth password and the checkout signature's key. */
  keySecret: string;
  /** `RAZORPAY_WEBHOOK_SECRET`, the webhook's signing secret. */
  webhookSecret: string;
  /** `RAZORPAY_API_URL`: `https://api.razorpay.com`, or a local fake's origin in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** One request's limit, in ms (default 10 000). */
  timeoutMs?: number;
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string> | unknown[];
}
interface RazorpayRefund {
  id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string> | unknown[];
}
type Collection<T> = { items: T[] };

/**
 * The Razorpay adapter over its REST API (fetch + basic auth). Razorpay has no idempotency
 * header, so the adapter keeps the caller's key itself: it is written into the order's (and the
 * refund's) `notes.idempotency_key`, and before creating one the adapter looks for an existing
 * order with that receipt and key (a refund with that key), so a retry after a lost answer
 * finds the first one instead of making a second. Concurrent calls with one key in this process
 * share one request; across processes the core's payment record (one conditional update per
 * payment) is what keeps to one call, and a stray unpaid order takes no money and expires.
 */
export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const api = parseApiUrl(options.apiUrl, 'RAZORPAY_API_URL');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${btoa(`${options.keyId}:${options.keySecret}`)}`;
  const running = new Map<string, Promise<unknown>>();

  /** One call; network failures, timeouts, 401/403/429 and 5xx are unavailability, other 4xx a refusal. */
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${api.origin}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`Razorpay unreachable: ${(error as Error).message}`);
    }
    const answer = (await res.json().catch(() => undefined)) as { error?: { code?: string; description?: string } } | undefined;
    if (res.ok && answer) return answer as T;
    const description = answer?.error?.description ?? `answer ${res.status}`;
    if (res.status === 400 || res.status === 404)
      throw new ProviderRejectedError(answer?.error?.code ?? 'BAD_REQUEST_ERROR', `Razorpay refused (${res.status}): ${description}`, res.status);
    throw new ProviderUnavailableError(`Razorpay unavailable (${res.status}): ${description}`);
  }

  /** Calls with one key in flight at once share the first one's answer. */
  function once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const inFlight = running.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }

  const keyOf = (notes: RazorpayOrder['notes']) => (Array.isArray(notes) ? undefined : notes.idempotency_key);
  const paymentsOf = (orderId: string) => call<Collection<RazorpayPayment>>('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);

  function opened(order: RazorpayOrder, request: OpenPaymentRequest): OpenedPayment {
    const amount = expectMinor(order.amount, 'order amount');
    const currency = expectCurrency(order.currency, 'order');
    if (amount !== request.amount || currency !== request.currency) {
      throw new ProviderRejectedError(
        'IDEMPOTENCY_KEY_REUSED',
        `order ${order.id} for this key is ${amount} ${currency}, not ${request.amount} ${request.currency}`,
        400,
      );
    }
    return { providerRef: order.id, status: 'requires_action', amount, currency, next: { type: 'razorpay', orderId: order.id, keyId: options.keyId } };
  }

  return {
    name: 'razorpay',

    openPayment(request) {
      assertPositiveMinor(request.amount, 'openPayment');
      return once(`open:${request.idempotencyKey}`, async () => {
        const receipt = encodeURIComponent(request.paymentId);
        const existing = await call<Collection<RazorpayOrder>>('GET', `/v1/orders?receipt=${receipt}&count=100`);
        // Newest first: the oldest order for this key is the one the first attempt made.
        const first = existing.items.filter((o) => keyOf(o.notes) === request.idempotencyKey).at(-1);
        if (first) return opened(first, request);
        const order = await call<RazorpayOrder>('POST', '/v1/orders', {
          amount: request.amount,
          currency: request.currency,
          receipt: request.paymentId,
          notes: { bookingId: request.bookingId, paymentId: request.paymentId, idempotency_key: request.idempotencyKey },
        });
        return opened(order, request);
      });
    },

    async readPayment(providerRef: string): Promise<ProviderPaymentState> {
      const [order, payments] = await Promise.all([call<RazorpayOrder>('GET', `/v1/orders/${encodeURIComponent(providerRef)}`), paymentsOf(providerRef)]);
      const currency = expectCurrency(order.currency, 'order');
      const captured = payments.items.find(wasCaptured);
      if (captured) {
        return {
          providerRef: order.id,
          status: 'succeeded',
          amountCaptured: expectMinor(captured.amount, 'payment amount'),
          currency,
          providerPaymentId: captured.id,
        };
      }
      const items = payments.items;
      const status = items.some((p) => p.status === 'authorized')
        ? 'processing'
        : items.length > 0 && items.every((p) => p.status === 'failed')
          ? 'failed'
          : 'requires_action';
      return { providerRef: order.id, status, amountCaptured: 0, currency };
    },

    async cancelPayment(providerRef: string): Promise<void> {
      // Razorpay orders cannot be cancelled; an unpaid one expires by itself. A paid one is refused,
      // because then the money was taken (a capture after this answer arrives as payment.captured).
      const captured = (await paymentsOf(providerRef)).items.find(wasCaptured);
      if (captured) throw new ProviderRejectedError('ORDER_PAID', `order ${providerRef} was paid by ${captured.id}`, 400);
    },

    refund(request: RefundRequest): Promise<RefundResult> {
      assertPositiveMinor(request.amount, 'refund');
      return once(`refund:${request.idempotencyKey}`, async () => {
        const paymentId = request.providerPaymentId ?? (await paymentsOf(request.providerRef)).items.find(wasCaptured)?.id;
        if (!paymentId) throw new ProviderRejectedError('NOT_CAPTURED', `order ${request.providerRef} has no captured payment to refund`, 400);
        const path = `/v1/payments/${encodeURIComponent(paymentId)}`;
        const earlier = (await call<Collection<RazorpayRefund>>('GET', `${path}/refunds?count=100`)).items.find(
          (r) => keyOf(r.notes) === request.idempotencyKey,
        );
        const refund =
          earlier ?? (await call<RazorpayRefund>('POST', `${path}/refund`, { amount: request.amount, notes: { idempotency_key: request.idempotencyKey } }));
        if (refund.amount !== request.amount) {
          throw new ProviderRejectedError('IDEMPOTENCY_KEY_REUSED', `refund ${refund.id} for this key is ${refund.amount}, not ${request.amount}`, 400);
        }
        const status = refund.status === 'processed' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
        return { refundRef: refund.id, status, amount: refund.amount };
      });
    },

    async readRefund(refundRef: string): Promise<RefundResult> {
      const refund = await call<RazorpayRefund>('GET', `/v1/refunds/${encodeURIComponent(refundRef)}`);
      const status = refund.status === 'processed' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
      return { refundRef: refund.id, status, amount: expectMinor(refund.amount, 'refund amount') };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent[]> {
      return parseRazorpayWebhook(rawBody, headers, options.webhookSecret);
    },

    async verifyClientConfirmation(body): Promise<PaymentEvent> {
      const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
      if (
        typeof orderId !== 'string' ||
        typeof paymentId !== 'string' ||
        !signatureMatches(signature, razorpaySignature(options.keySecret, `${orderId}|${paymentId}`))
      ) {
        throw new InvalidSignatureError('razorpay_signature does not match the order and payment');
      }
      // The signature proves who paid which order, not how much: the amount comes from Razorpay.
      const payment = (await paymentsOf(orderId)).items.find((p) => p.id === paymentId);
      if (!payment) throw new ProviderRejectedError('PAYMENT_NOT_FOUND', `payment ${paymentId} is not one of order ${orderId}`, 400);
      if (payment.status === 'failed') throw new ProviderRejectedError('PAYMENT_FAILED', `payment ${paymentId} failed`, 400);
      if (!wasCaptured(payment)) throw new ProviderUnavailableError(`payment ${paymentId} is not captured yet`);
      return {
        kind: 'payment_succeeded',
        eventId: `rzp_verify_${paymentId}`,
        provider: 'razorpay',
        providerRef: orderId,
        providerPaymentId: paymentId,
        amount: expectMinor(payment.amount, 'payment amount'),
        currency: expectCurrency(payment.currency, 'payment'),
      };
    },
  };
}
