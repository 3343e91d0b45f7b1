import type { Clock, Logger } from '@tm/shared';
import type { InternalCallers, ReadinessCheck } from '@tm/shared/http';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import type { PersonContacts } from './account/contacts.ts';
import type { LeadNotifier } from './leads/notifier.ts';

/** Everything the growth service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface GrowthDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  documents: DocumentStore;
  /** messageId dedupe and per-IP lead counts: Redis when REDIS_URL is set (shared by replicas). */
  keyValue: KeyValueStore;
  tokens: CallerVerifier;
  /** The mail to sales about each new lead. */
  notifier: LeadNotifier;
  /** Auth's contact data for a person (the account export's lead lookup). */
  contacts: PersonContacts;
  clock: Clock;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  /** X-Forwarded-For hops to trust: 1 behind the gateway. */
  trustProxy: number;
  /** How often the loaded flags are reloaded (another replica's change shows within this). */
  flagsRefreshMs: number;
  /** Leads per client IP per window. */
  leadLimit: { max: number; windowMs: number };
}
