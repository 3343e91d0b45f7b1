import { MESSAGING_ERROR_STATUS } from '@tm/contracts';
import { type Clock, type Logger, systemClock } from '@tm/shared';
import { type InternalCallers, type ReadinessCheck, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore, KeyValueStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';
import { type BookingsPort, createFactsCache } from './chat/access.ts';
import { createChat } from './chat/chat.ts';
import { createChatRepository } from './chat/repository.ts';
import { createChatRoutes } from './chat/routes.ts';
import { createMasker } from './masking/mask.ts';
import type { Notices } from './stream/notices.ts';
import { createPresence } from './stream/presence.ts';

/** Everything the messaging service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface MessagingDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  documents: DocumentStore;
  keyValue: KeyValueStore;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  clock?: Clock;
  /** Callers from their bearer tokens: auth's JWKS and revocation feed (@tm/shared/tokens/callers). */
  callers: CallerVerifier;
  /** Who may see a booking's conversation (bookings over HTTP in main.ts). */
  bookings: BookingsPort;
  /** Stream notices: in memory on one process, Redis pub/sub across replicas. */
  notices: Notices;
  /** The public site (PUBLIC_SITE_URL): its links are never masked. */
  siteUrl: string;
  perMinute?: number;
  /** Heartbeat comments on a stream at least this often (default 8 s). */
  heartbeatMs?: number;
  /** How long a stream waits for a missing seq below a newer one (default 500 ms). */
  gapWaitMs?: number;
  /** How long bookings' facts are trusted (default 5 s). */
  factsFreshMs?: number;
}

/** The messaging service: chat per booking (design/chat.md). Never reads the environment, never opens a connection. */
export function createApp(deps: MessagingDeps) {
  const clock = deps.clock ?? systemClock;
  const heartbeatMs = deps.heartbeatMs ?? 8_000;
  const repo = createChatRepository(deps.documents);
  const presence = createPresence(deps.keyValue, heartbeatMs * 3);
  const chat = createChat({
    repo,
    facts: createFactsCache(deps.bookings, clock, { freshMs: deps.factsFreshMs ?? 5_000 }),
    notices: deps.notices,
    keyValue: deps.keyValue,
    clock,
    mask: createMasker(deps.siteUrl),
    perMinute: deps.perMinute ?? 20,
  });
  const app = new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'messaging',
        logger: deps.logger,
        errorStatus: MESSAGING_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: {
          documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
          keyValue: { check: () => deps.keyValue.ping(), required: true, kind: deps.keyValue.kind },
          ...deps.readiness,
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Messaging',
        description: 'Chat per booking: conversations, messages, read cursors and the live stream.',
        tags: [{ name: 'Chat', description: "Conversations between a booking's customer and its project manager" }],
      }),
    )
    .use(
      createChatRoutes({
        chat,
        repo,
        callers: deps.callers,
        notices: deps.notices,
        presence,
        logger: deps.logger,
        heartbeatMs,
        gapWaitMs: deps.gapWaitMs ?? 500,
      }),
    )
    .use(createAccountDataRoutes({ repo, chat }));
  return Object.assign(app, { chat: { repo, presence } });
}

/** Builds the indexes the messaging collections need (main.ts runs it at start; tests too). */
export function ensureMessagingIndexes(documents: DocumentStore): Promise<void> {
  return createChatRepository(documents).ensureIndexes();
}
