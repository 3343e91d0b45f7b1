import { CATALOG_ERROR_STATUS } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { type InternalCallers, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createPricingRoutes } from './domain/pricing-routes.ts';
import { createServiceReadModel, type ServiceReadModel } from './domain/read-model.ts';
import { createServiceRepository } from './domain/repository.ts';
import { createServiceRoutes } from './domain/routes.ts';
import { createInternalRoutes } from './internal/routes.ts';
import { noRatings, type RatingsPort } from './reviews/ratings.ts';
import type { TalentPort } from './talent/model.ts';

/** Everything the catalog service needs, passed in so tests can use embedded or fake parts. */
export interface CatalogDeps {
  documents: DocumentStore;
  talent: TalentPort;
  /** Reviews' `rating {count, average}` for the service detail (cached; none while reviews is away). Left out: no ratings. */
  ratings?: RatingsPort;
  clock: Clock;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** How stale the in-memory catalog used by /services/catalog and pricing may get (default 5 s). */
  readModelMaxAgeMs?: number;
  /** Bytes of /services/catalog bodies the read model keeps per snapshot (default 64 MiB); tests set a tiny one. */
  wholeListBudgetBytes?: number;
  /**
   * The read model main.ts built (and warms and watches). Left out (tests), the app makes a lazy
   * one, built by the first request that needs it; /readyz says 503 until then.
   */
  readModel?: ServiceReadModel;
}

/** Builds the catalog service; never reads the environment, never opens a connection. */
export function createApp(deps: CatalogDeps) {
  const repo = createServiceRepository(deps.documents);
  const readModel =
    deps.readModel ??
    createServiceReadModel({
      repo,
      clock: deps.clock,
      maxAgeMs: deps.readModelMaxAgeMs ?? 5_000,
      logger: deps.logger,
      wholeListBudgetBytes: deps.wholeListBudgetBytes,
    });
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'catalog',
        logger: deps.logger,
        telemetry: deps.telemetry,
        errorStatus: CATALOG_ERROR_STATUS,
        // Every gateway asks for it every 30 s (its site files): logged at debug.
        pollRoutes: ['/internal/service-index.ndjson'],
        // Ready means the reads are answered from the read model: until its first snapshot is
        // built (main.ts starts it at start-up), 503, so no load balancer sends a list or quote
        // that would wait for it. Once a snapshot is in memory the catalog answers lists'
        // positions, the picker, quotes and the index while the store is away: the store is then
        // not required and readiness is degraded rather than unavailable (issue 13).
        readiness: {
          readModel: {
            check: async () => readModel.hasSnapshot(),
            required: true,
            reason: 'the read model lists, quotes and the picker are answered from is not built yet',
          },
          documents: {
            check: () => deps.documents.ping(),
            get required() {
              return !readModel.hasSnapshot();
            },
            kind: deps.documents.kind,
          },
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Catalog service',
        description: 'Bookable services, market pricing and quotes (operations 10-14).',
        tags: [
          { name: 'Services', description: 'The catalog of hire-a-role and project-delivery services' },
          { name: 'Pricing', description: "Quotes in the caller's market currency" },
        ],
      }),
    )
    .use(createServiceRoutes({ repo, readModel, talent: deps.talent, ratings: deps.ratings ?? noRatings, clock: deps.clock }))
    .use(createPricingRoutes({ readModel, clock: deps.clock }))
    .use(createInternalRoutes({ readModel }));
}
