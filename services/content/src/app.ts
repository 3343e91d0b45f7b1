import { CONTENT_ERROR_STATUS } from '@tm/contracts';
import { type Clock, type Logger, systemClock } from '@tm/shared';
import { type InternalCallers, type ReadinessCheck, SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import type { DocumentStore } from '@tm/shared/store';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';
import type { CallerReader } from './auth/caller.ts';
import { createBundleRepository } from './i18n/repository.ts';
import { createI18nRoutes } from './i18n/routes.ts';
import { seedBundles } from './i18n/seed.ts';
import { createLegalInternalRoutes } from './legal/internal-routes.ts';
import { createLegalRepository } from './legal/repository.ts';
import { createLegalRoutes } from './legal/routes.ts';
import { seedLegal } from './legal/seed.ts';
import { createPageIndexRoutes } from './pages/index-routes.ts';
import { createPageRepository } from './pages/repository.ts';
import { createPageRoutes } from './pages/routes.ts';
import { seedPages } from './pages/seed.ts';
import { type ContentReadModel, createContentReadModel } from './read-model/read-model.ts';
import { createRevision } from './read-model/revision.ts';

/** Everything the content service needs from outside; main.ts builds the real ones, tests embedded ones. */
export interface ContentDeps {
  /** Further /readyz entries (main.ts: the revocation feed's, not required: reported degraded while stale). */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  documents: DocumentStore;
  logger: Logger;
  /** Reads the caller from the bearer token (auth's JWKS in main.ts, a test key in tests). */
  callers: CallerReader;
  clock?: Clock;
  /** main.ts's telemetry (requests, calls, store operations); a private one when left out. */
  telemetry?: Telemetry;
  /** Who may call /internal/* (main.ts: from SERVICE_CREDENTIALS_ACCEPTED); left out, nobody may. */
  internalCallers?: InternalCallers;
  /** METRICS_TOKEN: GET /metrics then answers only this bearer token (open on the service network without it). */
  metricsToken?: string | undefined;
  /** False until main.ts has made the indexes and seeded: /readyz is 503 meanwhile. Absent: set up (tests). */
  isSetUp?: () => boolean;
  /** How long another replica's write may go unseen by this one's reads (default 5 s). */
  readModelMaxAgeMs?: number;
}

/** The repositories and read model built from the deps (shared by the app and main's seeding). */
export function buildParts(deps: ContentDeps) {
  const clock = deps.clock ?? systemClock;
  const revision = createRevision(deps.documents, clock);
  const readModel: ContentReadModel = createContentReadModel({
    documents: deps.documents,
    revision,
    clock,
    logger: deps.logger,
    maxAgeMs: deps.readModelMaxAgeMs ?? 5_000,
  });
  const legal = createLegalRepository(deps.documents);
  const bundles = createBundleRepository(deps.documents);
  const pages = createPageRepository(deps.documents);
  return {
    clock,
    revision,
    readModel,
    legal,
    bundles,
    pages,
    async ensureIndexes() {
      await legal.ensureIndexes();
      await pages.ensureIndexes();
    },
    /** The seed of a fresh start (legal v1, bundles, pages): inserts what is missing, never overwrites an edit. */
    async seed() {
      await seedLegal(legal);
      await seedBundles(bundles, new Date(clock.now()).toISOString());
      await seedPages(pages);
      await revision.bump();
      await readModel.refresh();
    },
  };
}

export type ContentParts = ReturnType<typeof buildParts>;

/** The content service: legal documents and acceptances, localization bundles, pages and FAQ (design/content.md). Never reads the environment, never opens a connection. */
export function createApp(deps: ContentDeps, parts: ContentParts = buildParts(deps)) {
  const { clock, revision, readModel, legal, bundles, pages } = parts;
  const { callers } = deps;
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'content',
        logger: deps.logger,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        errorStatus: CONTENT_ERROR_STATUS,
        // Every gateway asks for it every 30 s (its site files): logged at debug.
        pollRoutes: ['/internal/page-index.ndjson'],
        // Reads are served from memory once a snapshot is there: the store is then needed only for writes.
        readiness: {
          documents: {
            check: () => deps.documents.ping(),
            get required() {
              return !readModel.hasSnapshot() || deps.isSetUp?.() === false;
            },
            kind: deps.documents.kind,
          },
          ...deps.readiness,
        },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Content',
        description: 'Legal documents and their acceptances, localization bundles, pages and FAQ.',
        tags: [
          { name: 'Legal', description: 'Terms, privacy and refund documents per market, and their acceptances' },
          { name: 'Localization', description: 'Locales and message bundles' },
          { name: 'Content', description: 'Pages and FAQ' },
        ],
      }),
    )
    .use(createLegalRoutes({ repo: legal, readModel, revision, clock, callers }))
    .use(createLegalInternalRoutes({ repo: legal, readModel, revision, clock }))
    .use(createI18nRoutes({ bundles, readModel, revision, clock, callers }))
    .use(createPageRoutes({ pages, readModel, revision, clock, callers }))
    .use(createPageIndexRoutes({ readModel }))
    .use(createAccountDataRoutes({ legal, clock }));
}
