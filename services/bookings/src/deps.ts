import type { MarketCode } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import type { InternalCallers } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { GuestSessionsPort } from './auth/guest-sessions-port.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { CatalogPort } from './catalog/catalog-port.ts';
import type { LegalPort } from './legal/legal-port.ts';
import type { Notifier } from './mail/notifier.ts';
import type { PaymentProvider, ProviderName } from './payments/provider.ts';
import type { TalentPort } from './talent/talent-port.ts';

/** Everything the bookings service needs, passed in so tests use embedded or fake parts. */
export interface BookingsDeps {
  documents: DocumentStore;
  catalog: CatalogPort;
  talent: TalentPort;
  /** Content's terms and acceptances, for the checkout gate. */
  legal: LegalPort;
  tokens: TokenVerifier;
  /** Auth's word on a guest session (the guest hand-over). */
  guests: GuestSessionsPort;
  providers: Readonly<Partial<Record<ProviderName, PaymentProvider>>>;
  marketProviders: Readonly<Record<MarketCode, ProviderName>>;
  /** Sends the mails the outbox delivers. */
  notifier: Notifier;
  /** The outbox worker's timings (tests shorten them; main.ts reads OUTBOX_* settings). */
  outbox?: { leaseMs?: number; pollMs?: number; backoffMs?: readonly number[]; stagedGraceMs?: number; paused?: boolean };
  clock: Clock;
  logger: Logger;
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Record<string, { check: () => Promise<boolean>; required: boolean; kind?: string }>;
  /** main.ts's telemetry (requests, calls, store operations, business counters); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
}
