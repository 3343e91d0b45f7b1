import { createLogger, loadConfigOrExit, shouldSeed, stopOnSignals, systemClock } from '@tm/shared';
import { connectStores } from '@tm/shared/store';
import { createApp } from './app.ts';
import { loadTalentConfig, talentSeedMode } from './config.ts';
import { createTalentDirectory } from './profiles/directory.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');
/** How often the directory looks for changes to the profiles (a cheap marker read; rebuilt only when it moved). */
const DIRECTORY_MAX_AGE_MS = 5_000;

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));

const { documents } = await connectStores({ mongodbUrl: config.MONGODB_URL, redisPrefix: 'talent:' });
const repo = createProfileRepository(documents);
const seed = talentSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
const { seeded } = await prepareProfileStore(repo, {
  seed: await shouldSeed(seed.mode, documents.kind, async () => (await repo.count()) === 0),
  // SEED=always on MongoDB: the bulk upsert is skipped when the seed marker names this version.
  onlyIfChanged: documents.kind === 'mongodb',
});
// The directory (search, sitemap, index) is built before listening, then watched off the request path.
const directory = createTalentDirectory({ repo, clock: systemClock, maxAgeMs: DIRECTORY_MAX_AGE_MS, logger });
await directory.refresh().catch((err) => logger.warn('talent directory not built at start', { error: String(err) }));
const stopWatching = directory.watch();
const app = createApp({ documents, logger, directory }).listen({ hostname: config.HOST, port: config.PORT });
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, seeded });

stopOnSignals(logger, async () => {
  stopWatching();
  await app.stop();
  await documents.close();
});
