import { BOOKINGS_ERROR_STATUS, BookingSchema, PaymentSchema } from '@tm/contracts';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import { createTelemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createLifecycle } from './bookings/lifecycle.ts';
import { createBookingRepository } from './bookings/repository.ts';
import { createBookingRoutes } from './bookings/routes.ts';
import type { BookingUseCaseDeps } from './bookings/use-cases.ts';
import type { BookingsDeps } from './deps.ts';
import { createIdempotency } from './idempotency/idempotency.ts';
import { createInternalRoutes } from './internal/routes.ts';
import { createBookingsCounters } from './metrics/counters.ts';
import { createBookingsOutbox } from './outbox/topics.ts';
import type { PaymentDeps } from './payments/deps.ts';
import { createPaymentRepository } from './payments/repository.ts';
import { createPaymentRoutes } from './payments/routes.ts';
import { createWebhookRoutes } from './payments/webhook-routes.ts';

/** The use-case dependencies built from BookingsDeps (shared by the app, the reconciler and main). */
export function buildParts(deps: BookingsDeps) {
  const telemetry = deps.telemetry ?? createTelemetry({ service: 'bookings' });
  const counters = createBookingsCounters(telemetry.metrics);
  const bookings = createBookingRepository(deps.documents);
  const payments = createPaymentRepository(deps.documents);
  const idempotency = createIdempotency(deps.documents, deps.clock, deps.logger);
  const outbox = createBookingsOutbox({
    documents: deps.documents,
    clock: deps.clock,
    logger: deps.logger,
    notifier: deps.notifier,
    bookings,
    payments: () => paymentDeps,
    onOutcome: counters.outboxOutcome,
    ...deps.outbox,
  });
  const lifecycle = createLifecycle({ repo: bookings, outbox, clock: deps.clock, counters });
  const paymentDeps: PaymentDeps = {
    payments,
    bookings,
    providers: deps.providers,
    marketProviders: deps.marketProviders,
    clock: deps.clock,
    logger: deps.logger,
    lifecycle,
    outbox,
    counters,
  };
  return {
    telemetry,
    counters,
    bookings,
    payments,
    idempotency,
    outbox,
    lifecycle,
    paymentDeps,
    async ensureIndexes() {
      await bookings.ensureIndexes();
      await payments.ensureIndexes();
      await idempotency.ensureIndexes();
      await outbox.ensureIndexes();
    },
  };
}

/** Builds the bookings service; never reads the environment, never opens a connection. */
export function createApp(deps: BookingsDeps, parts = buildParts(deps)) {
  const { bookings, payments, idempotency, paymentDeps, telemetry, counters, lifecycle } = parts;
  const bookingDeps: BookingUseCaseDeps = {
    repo: bookings,
    catalog: deps.catalog,
    talent: deps.talent,
    legal: deps.legal,
    clock: deps.clock,
    logger: deps.logger,
    counters,
    lifecycle,
  };
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'bookings',
        logger: deps.logger,
        errorStatus: BOOKINGS_ERROR_STATUS,
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind }, ...deps.readiness },
        telemetry,
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Bookings service',
        description: 'Bookings from a priced cart, their lifecycle, and payments through Stripe, Razorpay or the dev provider.',
        tags: [
          { name: 'Bookings', description: 'Checkout and the booking lifecycle' },
          { name: 'Payments', description: 'Paying for a booking, webhooks and refunds' },
        ],
        schemas: { Booking: BookingSchema, Payment: PaymentSchema },
      }),
    )
    .use(createBookingRoutes({ ...bookingDeps, tokens: deps.tokens, idempotency, guests: deps.guests }))
    .use(createPaymentRoutes({ ...paymentDeps, tokens: deps.tokens, idempotency }))
    .use(createWebhookRoutes(paymentDeps))
    .use(createInternalRoutes({ bookings, payments, clock: deps.clock, lifecycle: bookingDeps, idempotency }));
}
