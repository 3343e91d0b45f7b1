import { createLogger, loadConfigOrExit, stopOnSignals, systemClock } from '@tm/shared';
import { connectStores } from '@tm/shared/store';
import { seedServices, shouldSeed } from '../seed/seed.ts';
import { createApp } from './app.ts';
import { catalogSeedMode, loadCatalogConfig } from './config.ts';
import { createServiceReadModel } from './services/read-model.ts';
import { createServiceRepository } from './services/repository.ts';
import { createTalentClient } from './talent/client.ts';

const logger = createLogger('catalog');
const config = loadConfigOrExit(logger, () => loadCatalogConfig(process.env));

// The catalog needs no key-value store: no Redis URL is given, so none is connected.
const { documents } = await connectStores({ mongodbUrl: config.MONGODB_URL, redisPrefix: 'catalog:' });
const repo = createServiceRepository(documents);
await repo.ensureIndexes();
const seed = catalogSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
if (await shouldSeed(seed.mode, documents.kind, repo)) {
  const r = await seedServices(documents, { onlyIfChanged: documents.kind === 'mongodb' });
  logger.info('seeded the catalog', { store: documents.kind, ...r });
}

// The first snapshot is built before listening, so no request waits for it; then a timer looks
// for changes off the request path. A store that fails now leaves it to the first request.
const readModel = createServiceReadModel({ repo, clock: systemClock, maxAgeMs: config.CATALOG_CACHE_MAX_AGE_MS, logger });
await readModel.refresh().catch((err) => logger.warn('catalog snapshot not built at start', { error: String(err) }));
const stopWatching = readModel.watch();

const app = createApp({
  readModel,
  documents,
  talent: createTalentClient({ baseUrl: config.TALENT_URL, timeoutMs: config.TALENT_TIMEOUT_MS, logger }),
  clock: systemClock,
  logger,
  readModelMaxAgeMs: config.CATALOG_CACHE_MAX_AGE_MS,
}).listen({ hostname: config.HOST, port: config.PORT });

logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  stopWatching();
  await app.stop();
  await documents.close();
});
