import { TALENT_ERROR_STATUS } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { systemClock } from '@tm/shared';
import { type InternalCallers, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createTalentDirectory, type TalentDirectory } from './profiles/directory.ts';
import { createInternalRoutes } from './profiles/internal-routes.ts';
import type { RatingsPort } from './profiles/ratings.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { createProfileRoutes } from './profiles/routes.ts';
import { createTalentSearchRoutes } from './profiles/search-routes.ts';

/** Everything the talent service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface TalentDeps {
  documents: DocumentStore;
  logger: Logger;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  clock?: Clock;
  /** Reviews' `rating {count, average}` for the PM profile (cached; none while reviews is away). Left out: no ratings. */
  ratings?: RatingsPort;
  /** How long the directory (search, sitemap, index) serves a snapshot before looking for changes (default 5 s). */
  directoryMaxAgeMs?: number;
  /**
   * The directory main.ts built (and warms and watches). Left out (tests), the app makes a lazy
   * one, built by the first request that needs it; /readyz says 503 until then.
   */
  directory?: TalentDirectory;
}

/** The talent service: public profile routes, internal routes for catalog and gateway, health. */
export function createApp(deps: TalentDeps) {
  const profiles = createProfileRepository(deps.documents);
  const directory =
    deps.directory ??
    createTalentDirectory({ repo: profiles, clock: deps.clock ?? systemClock, maxAgeMs: deps.directoryMaxAgeMs ?? 5_000, logger: deps.logger });
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'talent',
        logger: deps.logger,
        errorStatus: TALENT_ERROR_STATUS,
        // Every gateway asks for it every 30 s (its site files): logged at debug.
        pollRoutes: ['/internal/talent-index.ndjson'],
        telemetry: deps.telemetry,
        // Ready means searches, the sitemap and the index are answered from a built directory
        // (main.ts builds it at start-up): 503 until then, so no load balancer sends a search
        // that would wait for it.
        readiness: {
          directory: {
            check: async () => directory.hasSnapshot(),
            required: true,
            reason: 'the directory searches and the sitemap are answered from is not built yet',
          },
          documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind },
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Talent',
        description: 'Public profiles of project managers, field resources and experts, and the talent sitemap.',
        tags: [
          { name: 'Talent', description: 'Project manager, field resource and expert profiles' },
          { name: 'Search', description: 'Finding services and people by text and filters' },
        ],
      }),
    )
    .use(createTalentSearchRoutes({ profiles, directory }))
    .use(createProfileRoutes(profiles, directory, deps.ratings))
    .use(createInternalRoutes(profiles, directory, deps.ratings));
}
