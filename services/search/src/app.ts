import { SEARCH_ERROR_STATUS } from '@tm/contracts';
import { type Clock, type Logger, systemClock } from '@tm/shared';
import { type InternalCallers, type ReadinessCheck, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia } from 'elysia';
import type { IndexKeeper } from './index/keeper.ts';
import { createMissLog } from './misses/misses.ts';
import { createSearchRoutes } from './search/routes.ts';

/** Everything the search service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface SearchDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** Its own database: the miss counts (the index itself lives in memory, rebuilt from the upstream indexes). */
  documents: DocumentStore;
  /** The index and its refresh from catalog, talent and content (main.ts starts the timer). */
  keeper: IndexKeeper;
  /** Admin checks for GET /search/misses. */
  tokens: CallerVerifier;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  clock?: Clock;
}

/** The search service: one search over services, talent and pages (design/reviews-search.md); it holds no personal data. Never reads the environment, never opens a connection. */
export function createApp(deps: SearchDeps) {
  const clock = deps.clock ?? systemClock;
  const sourceCheck = (name: string) => ({
    check: async () => deps.keeper.sources()[name]?.fresh === true,
    required: false,
    reason: `${name}'s index could not be read at the last refresh; the last good one is searched`,
  });
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'search',
        logger: deps.logger,
        errorStatus: SEARCH_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: {
          documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
          index: { check: async () => deps.keeper.current() !== undefined, required: true, reason: 'the first search index is not built yet' },
          catalog: sourceCheck('catalog'),
          talent: sourceCheck('talent'),
          content: sourceCheck('content'),
          ...deps.readiness,
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Search',
        description: 'One search over services, talent and published pages.',
        tags: [{ name: 'Search', description: 'Finding services and people by text and filters' }],
      }),
    )
    .use(createSearchRoutes({ keeper: deps.keeper, misses: createMissLog({ documents: deps.documents, clock, logger: deps.logger }), tokens: deps.tokens }));
}
