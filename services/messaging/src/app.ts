import { MESSAGING_ERROR_STATUS } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { type InternalCallers, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';

/** Everything the messaging service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface MessagingDeps {
  documents: DocumentStore;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  clock?: Clock;
}

/** The messaging service: chat per booking (design/chat.md). Never reads the environment, never opens a connection. */
export function createApp(deps: MessagingDeps) {
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'messaging',
        logger: deps.logger,
        errorStatus: MESSAGING_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind } },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Messaging',
        description: 'Chat per booking: conversations, messages, read cursors and the live stream.',
        tags: [{ name: 'Chat', description: "Conversations between a booking's customer and its project manager" }],
      }),
    )
    .use(createAccountDataRoutes());
}
