import { GROWTH_ERROR_STATUS } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';

/** Everything the growth service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface GrowthDeps {
  documents: DocumentStore;
  logger: Logger;
  /** main.ts's telemetry (metrics, traces); a private one when left out. */
  telemetry?: Telemetry;
  clock?: Clock;
}

/** The growth service: flags, experiments, tracking, consent and leads (design/growth.md). Never reads the environment, never opens a connection. */
export function createApp(deps: GrowthDeps) {
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        service: 'growth',
        logger: deps.logger,
        telemetry: deps.telemetry,
        errorStatus: GROWTH_ERROR_STATUS,
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind } },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Growth',
        description: 'Feature flags and experiments, tracking and consent, and lead capture.',
        tags: [
          { name: 'Flags', description: 'Feature flags and their evaluation' },
          { name: 'Experiments', description: 'Exposures and results of experiments' },
          { name: 'Tracking', description: 'Event ingestion and consent' },
          { name: 'Leads', description: 'Lead capture and follow-up' },
        ],
      }),
    )
    .use(createAccountDataRoutes());
}
