import { CreatePaymentBodySchema, PaymentSchema, VerifyPaymentBodySchema } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, strictBody } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { actorOf, checkId } from '../auth/actor.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { type Idempotency, IdempotencyHeaders } from '../idempotency/idempotency.ts';
import { applyPaymentEvent } from './apply-event.ts';
import { type PaymentDeps, providerOf } from './deps.ts';
import { ListPaymentsQuery, PaymentIdParams, toPayment } from './model.ts';
import { getPayment, listPayments, openPayment } from './open-payment.ts';
import { InvalidSignatureError, ProviderUnavailableError } from './provider.ts';
import { ProviderRejectedError } from './providers/index.ts';
import { PAYMENT_DOCS } from './route-docs.ts';

const PaymentEnvelope = envelopeOf(PaymentSchema, 'PaymentEnvelope');
const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };
/** Seconds a client waits before retrying a confirmation the provider could not check. */
const VERIFY_RETRY_AFTER_S = 5;

/** The payment routes of customers: open, read, verify (Razorpay), and the dev provider's finish links. */
export function createPaymentRoutes(deps: PaymentDeps & { tokens: TokenVerifier; idempotency: Idempotency }) {
  const { tokens, idempotency } = deps;
  const app = new Elysia({ name: 'payment-routes' })
    .post(
      '/payments',
      async ({ request, body }) => {
        const actor = await actorOf(tokens, request);
        return idempotency.run(request, actor.id, body, async () => {
          const { payment, created } = await openPayment(deps, actor, checkId(body.bookingId, 'bookingId'));
          return { status: created ? 201 : 200, body: ok(toPayment(payment)) };
        });
      },
      {
        body: CreatePaymentBodySchema,
        transform: strictBody(CreatePaymentBodySchema),
        headers: IdempotencyHeaders,
        response: { 200: PaymentEnvelope, 201: PaymentEnvelope, ...errors, 503: ErrorEnvelopeSchema },
        detail: PAYMENT_DOCS.create,
      },
    )
    .get(
      '/payments',
      async ({ request, query }) => {
        const actor = await actorOf(tokens, request);
        return ok((await listPayments(deps, actor, checkId(query.bookingId, 'bookingId'))).map(toPayment));
      },
      { query: ListPaymentsQuery, response: { 200: envelopeOf(t.Array(PaymentSchema), 'PaymentListEnvelope'), ...errors }, detail: PAYMENT_DOCS.list },
    )
    .get(
      '/payments/:id',
      async ({ request, params }) => {
        const actor = await actorOf(tokens, request);
        return ok(toPayment(await getPayment(deps, actor, checkId(params.id, 'id'))));
      },
      { params: PaymentIdParams, response: { 200: PaymentEnvelope, ...errors }, detail: PAYMENT_DOCS.get },
    )
    .post(
      '/payments/:id/verify',
      async ({ request, params, body }) => {
        const actor = await actorOf(tokens, request);
        const id = checkId(params.id, 'id');
        return idempotency.run(request, actor.id, body, async () => {
          const payment = await getPayment(deps, actor, id);
          const provider = providerOf(deps, payment.provider);
          if (!provider.verifyClientConfirmation || body.razorpay_order_id !== payment.providerRef)
            throw new DomainError('INVALID_SIGNATURE', 'This confirmation does not belong to this payment');
          let event: Awaited<ReturnType<NonNullable<typeof provider.verifyClientConfirmation>>>;
          try {
            event = await provider.verifyClientConfirmation(body);
          } catch (err) {
            if (err instanceof InvalidSignatureError) throw new DomainError('INVALID_SIGNATURE', 'The payment signature does not match');
            if (err instanceof ProviderRejectedError)
              throw new DomainError('PAYMENT_NOT_CAPTURED', `The provider has not taken this payment (${err.code}); nothing was charged by this confirmation`);
            if (err instanceof ProviderUnavailableError) {
              // Also a payment authorised but not yet captured: Razorpay captures it shortly, and the webhook or a retry applies it.
              deps.logger.warn('payment confirmation not checked with the provider', { paymentId: id, error: err.message });
              throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'The payment is not confirmed by the provider yet; retry shortly', VERIFY_RETRY_AFTER_S);
            }
            throw err;
          }
          await applyPaymentEvent(deps, event);
          return { status: 200, body: ok(toPayment((await deps.payments.findById(id)) ?? payment)) };
        });
      },
      {
        params: PaymentIdParams,
        body: VerifyPaymentBodySchema,
        transform: strictBody(VerifyPaymentBodySchema),
        headers: IdempotencyHeaders,
        response: { 200: PaymentEnvelope, ...errors, 503: ErrorEnvelopeSchema },
        detail: PAYMENT_DOCS.verify,
      },
    );

  const dev = deps.providers.dev as (NonNullable<PaymentDeps['providers']['dev']> & { settle?: (ref: string, s: 'succeeded' | 'failed') => void }) | undefined;
  if (!dev) return app;
  const finish =
    (outcome: 'succeeded' | 'failed') =>
    async ({ request, params }: { request: Request; params: { id: string } }) => {
      const actor = await actorOf(tokens, request);
      const id = checkId(params.id, 'id');
      return idempotency.run(request, actor.id, undefined, async () => {
        const payment = await getPayment(deps, actor, id);
        if (payment.provider !== 'dev' || !payment.providerRef) throw new DomainError('PAYMENT_NOT_FOUND', 'No such dev payment');
        dev.settle?.(payment.providerRef, outcome);
        // The same path as a provider webhook: one event id per outcome, applied once.
        await applyPaymentEvent(deps, {
          kind: outcome === 'succeeded' ? 'payment_succeeded' : 'payment_failed',
          eventId: `dev_${payment._id}_${outcome}`,
          provider: 'dev',
          providerRef: payment.providerRef,
          amount: payment.amount,
          currency: payment.currency,
        });
        return { status: 200, body: ok(toPayment((await deps.payments.findById(id)) ?? payment)) };
      });
    };
  return app
    .post('/payments/:id/dev/succeed', finish('succeeded'), {
      params: PaymentIdParams,
      response: { 200: PaymentEnvelope, ...errors },
      detail: PAYMENT_DOCS.devSucceed,
    })
    .post('/payments/:id/dev/fail', finish('failed'), { params: PaymentIdParams, response: { 200: PaymentEnvelope, ...errors }, detail: PAYMENT_DOCS.devFail });
}
