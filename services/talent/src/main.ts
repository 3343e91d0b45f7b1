import { createLogger, loadConfigOrExit, shouldSeed, stopOnSignals } from '@tm/shared';
import { connectStores } from '@tm/shared/store';
import { createApp } from './app.ts';
import { loadTalentConfig, talentSeedMode } from './config.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));

const { documents } = await connectStores({ mongodbUrl: config.MONGODB_URL, redisPrefix: 'talent:' });
const profiles = createProfileRepository(documents);
const seed = talentSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
const { seeded } = await prepareProfileStore(profiles, {
  seed: await shouldSeed(seed.mode, documents.kind, async () => (await profiles.count()) === 0),
});
const app = createApp({ documents, logger }).listen({ hostname: config.HOST, port: config.PORT });
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, seeded });

stopOnSignals(logger, async () => {
  await app.stop();
  await documents.close();
});
