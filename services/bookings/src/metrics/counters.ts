import { countOutboxDeliveries } from '@tm/shared/outbox';
import type { ServiceMetrics } from '@tm/shared/telemetry';
import type { ProviderName } from '../payments/provider.ts';

/**
 * The business events bookings counts on GET /metrics (docs/operations.md lists them). Each is
 * counted where the conditional update that makes it true matched, so a replayed webhook or a
 * second replica's attempt never counts twice.
 */
export interface BookingsCounters {
  bookingCreated(market: string): void;
  bookingPaid(market: string): void;
  /** A payment reached a final state: succeeded, failed or cancelled. */
  paymentFinished(provider: ProviderName, outcome: 'succeeded' | 'failed' | 'cancelled'): void;
  /** A refund the provider confirmed, or refused for good. */
  refundFinished(provider: ProviderName, outcome: 'succeeded' | 'failed'): void;
  /** One outbox delivery attempt: `delivered`, `retry`, `failed` (left for an operator) or `void` (its change was never stored). */
  outboxOutcome(topic: string, outcome: 'delivered' | 'retry' | 'failed' | 'void'): void;
}

/** The counters, declared in `metrics`' registry. */
export function createBookingsCounters(metrics: ServiceMetrics): BookingsCounters {
  const created = metrics.counter({ name: 'bookings_created_total', help: 'Bookings created, by market', labelNames: ['market'] });
  const paid = metrics.counter({ name: 'bookings_paid_total', help: 'Bookings paid, by market', labelNames: ['market'] });
  const payments = metrics.counter({
    name: 'payments_total',
    help: 'Payments that reached a final state, by provider and outcome',
    labelNames: ['provider', 'outcome'],
  });
  const refunds = metrics.counter({
    name: 'refunds_total',
    help: 'Refunds confirmed or refused by the provider, by provider and outcome',
    labelNames: ['provider', 'outcome'],
  });
  return {
    outboxOutcome: countOutboxDeliveries(metrics),
    bookingCreated: (market) => created.inc({ market }),
    bookingPaid: (market) => paid.inc({ market }),
    paymentFinished: (provider, outcome) => payments.inc({ provider, outcome }),
    refundFinished: (provider, outcome) => refunds.inc({ provider, outcome }),
  };
}
