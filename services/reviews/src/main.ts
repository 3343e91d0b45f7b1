import { createLogger } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { createApp } from './app.ts';
import { loadReviewsConfig } from './config.ts';

const logger = createLogger('reviews', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadReviewsConfig(process.env));
const telemetry = await startTelemetry({ service: 'reviews', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "reviews" (or the one MONGODB_URL names), never another service's.
const { documents } = await openStores({ service: 'reviews', logger, telemetry, mongodb: mongoSettingsFrom(config, 'reviews') });
const app = listenOrExit(
  createApp({ documents, logger, telemetry, metricsToken: config.METRICS_TOKEN, internalCallers: credentials.internalCallers }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  await app.stop();
  await documents.close();
});
