import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  ProviderUnavailableError,
  type RefundRequest,
  type RefundResult,
} from '../payments/provider.ts';

/**
 * A provider stand-in named `stripe`: counts opened payments and refunds, can be made to fail,
 * and takes webhooks whose `x-test-signature` is "ok" with a JSON array of events as the body.
 */
export function createTestProvider() {
  const opened = new Map<string, string>();
  const p = {
    opens: 0,
    refunds: [] as RefundRequest[],
    failRefunds: 0,
    failOpens: 0,
    failCancels: 0,
    cancels: [] as string[],
    /** How the provider takes new refunds (`pending`: settled later, read back by readRefund). */
    refundStatus: 'succeeded' as RefundResult['status'],
    refundStates: new Map<string, { status: RefundResult['status']; amount: number }>(),
    name: 'stripe' as const,
    async openPayment(req: Parameters<PaymentProvider['openPayment']>[0]) {
      await new Promise((r) => setTimeout(r, 20));
      if (p.failOpens > 0) {
        p.failOpens--;
        throw new ProviderUnavailableError('down');
      }
      // Idempotent by key, like Stripe: the same key opens nothing new.
      let ref = opened.get(req.idempotencyKey);
      if (!ref) {
        p.opens++;
        ref = `pi_${p.opens}`;
        opened.set(req.idempotencyKey, ref);
      }
      return {
        providerRef: ref,
        status: 'requires_action' as const,
        amount: req.amount,
        currency: req.currency,
        next: { type: 'stripe' as const, clientSecret: `${ref}_secret` },
      };
    },
    readPayment: async (ref: string): ReturnType<PaymentProvider['readPayment']> => ({
      providerRef: ref,
      status: 'succeeded',
      amountCaptured: 0,
      currency: 'INR',
    }),
    async cancelPayment(ref: string) {
      if (p.failCancels > 0) {
        p.failCancels--;
        throw new ProviderUnavailableError('cancels down');
      }
      p.cancels.push(ref);
    },
    async refund(req: RefundRequest) {
      if (p.failRefunds > 0) {
        p.failRefunds--;
        throw new ProviderUnavailableError('refunds down');
      }
      p.refunds.push(req);
      const refundRef = `re_${p.refunds.length}`;
      p.refundStates.set(refundRef, { status: p.refundStatus, amount: req.amount });
      return { refundRef, status: p.refundStatus, amount: req.amount };
    },
    async readRefund(refundRef: string): Promise<RefundResult> {
      const state = p.refundStates.get(refundRef);
      if (!state) throw new ProviderUnavailableError(`no refund ${refundRef}`);
      return { refundRef, ...state };
    },
    async parseWebhook(raw: string, headers: Headers) {
      if (headers.get('x-test-signature') !== 'ok') throw new InvalidSignatureError('bad');
      return JSON.parse(raw) as PaymentEvent[];
    },
  };
  return p;
}
