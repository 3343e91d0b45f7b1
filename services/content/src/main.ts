import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { buildParts, createApp } from './app.ts';
import { createCallerReader } from './auth/caller.ts';
import { loadContentConfig } from './config.ts';

const logger = createLogger('content', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadContentConfig(process.env));
const telemetry = await startTelemetry({ service: 'content', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "content" (or the one MONGODB_URL names), never another service's.
const { documents: store } = await openStores({ service: 'content', logger, telemetry, mongodb: mongoSettingsFrom(config, 'content') });
let setup: ReturnType<typeof retryUntilDone> | undefined;
// Callers' tokens checked against auth's JWKS and revocation feed (content reached directly refuses a signed-out session, as the gateway does).
const { callers, revocations } = startCallerVerifier(config, { logger, telemetry, credential: credentials.credential });
const documents = gateReadiness(store, () => setup?.done() ?? false);
const deps = {
  documents,
  telemetry,
  internalCallers: credentials.internalCallers,
  metricsToken: config.METRICS_TOKEN,
  isSetUp: () => setup?.done() ?? false,
  logger,
  clock: systemClock,
  readModelMaxAgeMs: config.CONTENT_REFRESH_MS,
  callers: createCallerReader(callers),
  readiness: revocations.readiness(),
};
const parts = buildParts(deps);
// Indexes and the seed need the store: retried in the background until it answers (/readyz is 503 meanwhile).
setup = retryUntilDone(logger, 'content setup (indexes, seed)', async () => {
  await parts.ensureIndexes();
  if (config.SEED !== 'never') await parts.seed();
  else await parts.readModel.refresh();
  // Other replicas' writes show here within CONTENT_REFRESH_MS.
  stopWatching = parts.readModel.watch();
});
let stopWatching = () => {};
const app = listenOrExit(createApp(deps, parts), { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT }, logger);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, seed: config.SEED });

stopOnSignals(logger, async () => {
  setup?.stop();
  revocations.stop();
  stopWatching();
  await app.stop();
  await documents.close();
  await telemetry.stop();
});
