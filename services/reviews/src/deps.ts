import type { Clock, Logger } from '@tm/shared';
import type { InternalCallers, ReadinessCheck } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import type { BookingsPort } from './ports/bookings.ts';
import type { NamesPort } from './ports/names.ts';

/** Everything the reviews service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface ReviewsDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  documents: DocumentStore;
  tokens: CallerVerifier;
  bookings: BookingsPort;
  names: NamesPort;
  clock: Clock;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
}
