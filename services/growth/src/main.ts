import { createLogger } from '@tm/shared';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { createApp } from './app.ts';
import { loadGrowthConfig } from './config.ts';

const logger = createLogger('growth');
const config = loadConfigOrExit(logger, () => loadGrowthConfig(process.env));

// Its own database: "growth" (or the one MONGODB_URL names), never another service's.
const { documents } = await openStores({ service: 'growth', logger, mongodb: mongoSettingsFrom(config, 'growth') });
const app = listenOrExit(createApp({ documents, logger }), { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT }, logger);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  await app.stop();
  await documents.close();
});
