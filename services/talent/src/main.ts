import { ConfigError, connectStores, createLogger } from '@tm/shared';
import { createApp } from './app.ts';
import { loadTalentConfig } from './config.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');

let config: ReturnType<typeof loadTalentConfig>;
try {
  config = loadTalentConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    logger.error('invalid configuration', { problems: err.problems });
    process.exit(1);
  }
  throw err;
}

const { documents } = await connectStores({ mongodbUrl: config.MONGODB_URL, redisPrefix: 'talent:' });
const { seeded } = await prepareProfileStore(createProfileRepository(documents), {
  seed: documents.kind === 'embedded' || config.SEED_ON_START,
});
const app = createApp({ documents, logger }).listen({ hostname: config.HOST, port: config.PORT });
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, seeded });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  await app.stop();
  await documents.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
