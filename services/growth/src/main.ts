import { createLogger } from '@tm/shared';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { createApp } from './app.ts';
import { loadGrowthConfig } from './config.ts';

const logger = createLogger('growth');
const config = loadConfigOrExit(logger, () => loadGrowthConfig(process.env));
const telemetry = await startTelemetry({ service: 'growth', settings: config, logger });

// Its own database: "growth" (or the one MONGODB_URL names), never another service's.
const { documents } = await openStores({ service: 'growth', logger, telemetry, mongodb: mongoSettingsFrom(config, 'growth') });
const app = listenOrExit(createApp({ documents, logger, telemetry }), { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT }, logger);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  await app.stop();
  await documents.close();
  await telemetry.stop();
});
