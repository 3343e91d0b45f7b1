import { createLogger, listenOrExit, loadConfigOrExit, shouldSeed, stopOnSignals } from '@tm/shared';
import { gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { createApp } from './app.ts';
import { loadTalentConfig, talentSeedMode } from './config.ts';
import { createProfileRepository } from './profiles/repository.ts';
import { prepareProfileStore } from './profiles/seed.ts';

const logger = createLogger('talent');

const config = loadConfigOrExit(logger, () => loadTalentConfig(process.env));

const { documents } = await openStores({ service: 'talent', logger, mongodb: mongoSettingsFrom(config, 'talent') });
const profiles = createProfileRepository(documents);
const seed = talentSeedMode(config, process.env);
if (seed.warning) logger.warn(seed.warning);
// Indexes and the seed need MongoDB: retried in the background until it answers (/readyz is 503 meanwhile).
const setup = retryUntilDone(logger, 'talent setup (indexes, seed)', async () => {
  const { seeded } = await prepareProfileStore(profiles, {
    seed: await shouldSeed(seed.mode, documents.kind, async () => (await profiles.count()) === 0),
  });
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
