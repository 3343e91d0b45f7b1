import { InvalidSignatureError, type PaymentProvider, type ProviderPaymentStatus } from './provider.ts';

/**
 * The embedded `dev` provider: it takes no money. A payment is finished by
 * `POST /payments/{id}/dev/succeed` or `/dev/fail`, which feed an event through the same path
 * as a webhook. Production refuses it (config.ts). Its memory is the process's: after a restart
 * the reconciler reads an unfinished dev payment as still waiting.
 */
export function createDevProvider(options: { publicBaseUrl: string }): PaymentProvider & { settle(providerRef: string, status: ProviderPaymentStatus): void } {
  const state = new Map<string, { status: ProviderPaymentStatus; amount: number; currency: string }>();
  const refunds = new Map<string, number>();
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  return {
    name: 'dev',
    async openPayment(req) {
      const providerRef = `dev_${req.paymentId}`;
      if (!state.has(providerRef)) state.set(providerRef, { status: 'requires_action', amount: req.amount, currency: req.currency });
      return {
        providerRef,
        status: 'requires_action',
        amount: req.amount,
        currency: req.currency,
        next: { type: 'dev', succeedUrl: `${base}/api/payments/${req.paymentId}/dev/succeed`, failUrl: `${base}/api/payments/${req.paymentId}/dev/fail` },
      };
    },
    async readPayment(providerRef) {
      const s = state.get(providerRef);
      return {
        providerRef,
        status: s?.status ?? 'requires_action',
        amountCaptured: s?.status === 'succeeded' ? s.amount : 0,
        currency: (s?.currency ?? 'INR') as never,
      };
    },
    async cancelPayment(providerRef) {
      const s = state.get(providerRef);
      if (s && s.status !== 'succeeded') s.status = 'cancelled';
    },
    async refund(req) {
      refunds.set(`dev_refund_${req.idempotencyKey}`, req.amount);
      return { refundRef: `dev_refund_${req.idempotencyKey}`, status: 'succeeded', amount: req.amount };
    },
    async readRefund(refundRef) {
      const amount = refunds.get(refundRef);
      // Forgotten after a restart: dev refunds always succeed at once, so it did.
      return { refundRef, status: 'succeeded', amount: amount ?? 0 };
    },
    async parseWebhook() {
      throw new InvalidSignatureError('the dev provider sends no webhooks');
    },
    settle(providerRef, status) {
      const s = state.get(providerRef);
      if (s && s.status !== 'succeeded') s.status = status;
    },
  };
}
