import { createLogger, systemClock } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { createRatingsBook } from '@tm/shared/client/ratings';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { SERVING_KEEPER } from '@tm/shared/search';
import { gateReadiness, openStores, retryUntilDone, shouldSeed } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { createApp } from './app.ts';
import { loadTalentConfig, talentSeedMode } from './config.ts';
import { createTalentDirectory } from './profiles/directory.ts';
import { createRatingsClient } from './profiles/ratings.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent', { level: process.env.LOG_LEVEL });
/** How often the directory looks for changes to the profiles (a cheap marker read; rebuilt only when it moved). */
const DIRECTORY_MAX_AGE_MS = 5_000;

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));
const telemetry = await startTelemetry({ service: 'talent', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

const { documents } = await openStores({ service: 'talent', logger, telemetry, mongodb: mongoSettingsFrom(config, 'talent') });
const profiles = createProfileRepository(documents);
const seed = talentSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
// Every PM's rating from reviews' ratings index, the first key of the directory's order (asked with each marker read).
// The whole index may be megabytes with many rated PMs: it gets the index reads' budget, not a single rating's.
const RATINGS_INDEX_TIMEOUT_MS = 10_000;
const ratingsBook = createRatingsBook({
  client: createServiceClient({
    service: 'reviews',
    baseUrl: config.REVIEWS_URL,
    timeoutMs: config.REVIEWS_TIMEOUT_MS,
    logger,
    telemetry,
    credential: credentials.credential,
  }),
  timeoutMs: RATINGS_INDEX_TIMEOUT_MS,
});
const directory = createTalentDirectory({
  ratings: ratingsBook,
  repo: profiles,
  clock: systemClock,
  maxAgeMs: DIRECTORY_MAX_AGE_MS,
  logger,
  ...SERVING_KEEPER,
});
// Indexes and the seed need MongoDB: retried in the background until it answers (/readyz is 503
// meanwhile); then the directory (search, sitemap, index) is built in the background and watched.
const setup = retryUntilDone(logger, 'talent setup (indexes, seed, directory)', async () => {
  const { seeded } = await prepareProfileStore(profiles, {
    seed: await shouldSeed(seed.mode, documents.kind, async () => (await profiles.count()) === 0),
    // On MongoDB a seed already loaded (the marker names this version) costs one read.
    onlyIfChanged: documents.kind === 'mongodb',
  });
  logger.info('profiles ready', { store: documents.kind, seeded });
  void directory.refresh().catch((err) => logger.warn('talent directory not built yet', { error: String(err) }));
});
const stopWatching = directory.watch();
const app = listenOrExit(
  createApp({
    documents: gateReadiness(documents, () => setup.done()),
    logger,
    directory,
    telemetry,
    internalCallers: credentials.internalCallers,
    ratings: createRatingsClient({
      baseUrl: config.REVIEWS_URL,
      timeoutMs: config.REVIEWS_TIMEOUT_MS,
      ttlMs: config.RATINGS_CACHE_MS,
      clock: systemClock,
      logger,
      telemetry,
      credential: credentials.credential,
    }),
  }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  stopWatching();
  setup.stop();
  await app.stop();
  await documents.close();
  await telemetry.stop();
});
