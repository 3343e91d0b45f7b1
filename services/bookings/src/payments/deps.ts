import type { MarketCode } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import type { Outbox } from '@tm/shared/outbox';
import type { Lifecycle } from '../bookings/lifecycle.ts';
import type { BookingRepository } from '../bookings/repository.ts';
import type { BookingsCounters } from '../metrics/counters.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import type { PaymentRepository } from './repository.ts';

/** What the payment use cases need. */
export interface PaymentDeps {
  payments: PaymentRepository;
  bookings: BookingRepository;
  /** The configured providers by name (dev only outside production). */
  providers: Readonly<Partial<Record<ProviderName, PaymentProvider>>>;
  /** Which provider each market pays with. */
  marketProviders: Readonly<Record<MarketCode, ProviderName>>;
  clock: Clock;
  logger: Logger;
  /** The booking's one owner: pay and expire go through it. */
  lifecycle: Lifecycle;
  /** Side effects of payment changes (a late refund). */
  outbox: Outbox;
  /** Business counters on GET /metrics; none in tests that do not look. */
  counters?: BookingsCounters;
  /** How long a request that inserted a payment owns the provider call before another may take over. */
  openLeaseMs?: number;
}

/** The provider a stored payment was opened with (configured at start, so missing is a bug). */
export function providerOf(deps: Pick<PaymentDeps, 'providers'>, name: ProviderName): PaymentProvider {
  const p = deps.providers[name];
  if (!p) throw new Error(`payment provider ${name} is not configured`);
  return p;
}

export const isoNow = (deps: Pick<PaymentDeps, 'clock'>) => new Date(deps.clock.now()).toISOString();
