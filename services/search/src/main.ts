import { createLogger, systemClock } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { createRatingsBook } from '@tm/shared/client/ratings';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { createApp } from './app.ts';
import { loadSearchConfig } from './config.ts';
import { createIndexKeeper } from './index/keeper.ts';
import { indexSources } from './index/sources.ts';

const logger = createLogger('search', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadSearchConfig(process.env));
const telemetry = await startTelemetry({ service: 'search', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "search" (or the one MONGODB_URL names), never another service's.
const { documents } = await openStores({ service: 'search', logger, telemetry, mongodb: mongoSettingsFrom(config, 'search') });
const kit = { logger, telemetry, credential: credentials.credential };
const client = (service: string, baseUrl: string) => createServiceClient({ ...kit, service, baseUrl, timeoutMs: config.INDEX_TIMEOUT_MS });
// Callers' tokens (GET /search/misses) checked against auth's JWKS and revocation feed, as the gateway checks them.
const { callers, revocations } = startCallerVerifier(config, kit);
const keeper = createIndexKeeper({
  sources: indexSources({
    catalog: client('catalog', config.CATALOG_URL),
    talent: client('talent', config.TALENT_URL),
    content: client('content', config.CONTENT_URL),
  }),
  ratings: createRatingsBook({ client: client('reviews', config.REVIEWS_URL), timeoutMs: config.INDEX_TIMEOUT_MS }),
  clock: systemClock,
  logger,
  timeoutMs: config.INDEX_TIMEOUT_MS,
});
const app = listenOrExit(
  createApp({
    documents,
    keeper,
    tokens: callers,
    readiness: revocations.readiness(),
    logger,
    telemetry,
    metricsToken: config.METRICS_TOKEN,
    internalCallers: credentials.internalCallers,
  }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, refreshMs: config.SEARCH_REFRESH_MS });
// The first read starts now; until it is built, searches answer 503 and /readyz says why.
keeper.start(config.SEARCH_REFRESH_MS);

stopOnSignals(logger, async () => {
  keeper.stop();
  revocations.stop();
  await app.stop();
  await documents.close();
});
