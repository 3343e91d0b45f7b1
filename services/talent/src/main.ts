import { createLogger, loadConfigOrExit, stopOnSignals } from '@tm/shared';
import { connectStores } from '@tm/shared/store';
import { createApp } from './app.ts';
import { loadTalentConfig } from './config.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));

const { documents } = await connectStores({ mongodbUrl: config.MONGODB_URL, redisPrefix: 'talent:' });
const { seeded } = await prepareProfileStore(createProfileRepository(documents), {
  seed: documents.kind === 'embedded' || config.SEED_ON_START,
});
const app = createApp({ documents, logger }).listen({ hostname: config.HOST, port: config.PORT });
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, seeded });

stopOnSignals(logger, async () => {
  await app.stop();
  await documents.close();
});
