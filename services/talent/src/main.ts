import { createLogger, gateReadiness, listenOrExit, loadConfigOrExit, mongoSettingsFrom, openStores, retryUntilDone, stopOnSignals } from '@tm/shared';
import { createApp } from './app.ts';
import { loadTalentConfig } from './config.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));

const { documents } = openStores({ service: 'talent', logger, mongodb: mongoSettingsFrom(config, 'talent') });
// Indexes and the seed need MongoDB: retried in the background until it answers (/readyz is 503 meanwhile).
const setup = retryUntilDone(logger, 'talent setup (indexes, seed)', async () => {
  const { seeded } = await prepareProfileStore(createProfileRepository(documents), { seed: documents.kind === 'embedded' || config.SEED_ON_START });
  logger.info('profiles ready', { store: documents.kind, seeded });
});
const app = listenOrExit(
  createApp({ documents: gateReadiness(documents, () => setup.done()), logger }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  setup.stop();
  await app.stop();
  await documents.close();
});
