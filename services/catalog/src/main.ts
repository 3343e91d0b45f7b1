import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { SERVING_KEEPER } from '@tm/shared/search';
import { gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { seedServices, shouldSeed } from '../seed/seed.ts';
import { createApp } from './app.ts';
import { catalogSeedMode, loadCatalogConfig, readModelSettings } from './config.ts';
import { createServiceReadModel } from './domain/read-model.ts';
import { createServiceRepository } from './domain/repository.ts';
import { createRatingsClient } from './reviews/ratings.ts';
import { createTalentClient } from './talent/client.ts';

const logger = createLogger('catalog', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadCatalogConfig(process.env));
const telemetry = await startTelemetry({ service: 'catalog', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// The catalog needs no key-value store, so only the document store is used.
const { documents } = await openStores({ service: 'catalog', logger, telemetry, mongodb: mongoSettingsFrom(config, 'catalog') });
const repo = createServiceRepository(documents);
const seed = catalogSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
const readModel = createServiceReadModel({
  repo,
  clock: systemClock,
  logger,
  ...readModelSettings(config),
  ...SERVING_KEEPER,
});
// Indexes and the seed need MongoDB: retried in the background until it answers (/readyz is 503
// meanwhile); then the first snapshot is built in the background and a timer looks for changes.
const setup = retryUntilDone(logger, 'catalog setup (indexes, seed)', async () => {
  await repo.ensureIndexes();
  logger.info('catalog indexes ensured', { sinceStartMs: Math.round(performance.now()) });
  if (await shouldSeed(seed.mode, documents.kind, repo)) {
    const r = await seedServices(documents, { onlyIfChanged: documents.kind === 'mongodb' });
    logger.info('seeded the catalog', { store: documents.kind, ...r });
  }
  void readModel.refresh().catch((err) => logger.warn('catalog snapshot not built yet', { error: String(err) }));
});
const stopWatching = readModel.watch();

const app = listenOrExit(
  createApp({
    readModel,
    documents: gateReadiness(documents, () => setup.done()),
    talent: createTalentClient({ baseUrl: config.TALENT_URL, timeoutMs: config.TALENT_TIMEOUT_MS, logger, telemetry, credential: credentials.credential }),
    ratings: createRatingsClient({
      baseUrl: config.REVIEWS_URL,
      timeoutMs: config.REVIEWS_TIMEOUT_MS,
      ttlMs: config.RATINGS_CACHE_MS,
      clock: systemClock,
      logger,
      telemetry,
      credential: credentials.credential,
    }),
    clock: systemClock,
    logger,
    telemetry,
    internalCallers: credentials.internalCallers,
    readModelMaxAgeMs: config.CATALOG_CACHE_MAX_AGE_MS,
  }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);

logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, sinceStartMs: Math.round(performance.now()) });

stopOnSignals(logger, async () => {
  stopWatching();
  setup.stop();
  await app.stop();
  await documents.close();
  await telemetry.stop();
});
