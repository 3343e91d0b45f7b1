import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { buildParts, createApp } from './app.ts';
import { loadReviewsConfig } from './config.ts';
import type { ReviewsDeps } from './deps.ts';
import { createHttpBookings } from './ports/bookings.ts';
import { createHttpNames } from './ports/names.ts';

const logger = createLogger('reviews', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadReviewsConfig(process.env));
const telemetry = await startTelemetry({ service: 'reviews', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "reviews" (or the one MONGODB_URL names), never another service's.
const { documents } = await openStores({ service: 'reviews', logger, telemetry, mongodb: mongoSettingsFrom(config, 'reviews') });
const kit = { logger, telemetry, timeoutMs: config.UPSTREAM_TIMEOUT_MS, credential: credentials.credential };
// Callers' tokens checked against auth's JWKS and revocation feed (reviews reached directly refuses a signed-out session, as the gateway does).
const { callers, revocations } = startCallerVerifier(config, kit);
// Indexes need MongoDB: retried in the background until it answers (/readyz is 503 meanwhile).
let setup: ReturnType<typeof retryUntilDone> | undefined;
const deps: ReviewsDeps = {
  documents: gateReadiness(documents, () => setup?.done() ?? false),
  tokens: callers,
  readiness: revocations.readiness(),
  bookings: createHttpBookings({ baseUrl: config.BOOKINGS_URL, ...kit }),
  names: createHttpNames({ baseUrl: config.AUTH_URL, ...kit }),
  clock: systemClock,
  logger,
  telemetry,
  metricsToken: config.METRICS_TOKEN,
  internalCallers: credentials.internalCallers,
};
const parts = buildParts(deps);
setup = retryUntilDone(logger, 'reviews setup (indexes)', () => parts.ensureIndexes());
parts.sweeper.start(config.SWEEP_INTERVAL_MS);
// The first check at a random point of the first interval: replicas started together do not all
// check at once, and a process restarted more often than the interval still checks now and then.
parts.reconciler.start(config.TOTALS_CHECK_INTERVAL_MS, Math.floor(Math.random() * config.TOTALS_CHECK_INTERVAL_MS));
const app = listenOrExit(createApp(deps, parts), { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT }, logger);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind });

stopOnSignals(logger, async () => {
  setup?.stop();
  revocations.stop();
  await parts.sweeper.stop();
  await parts.reconciler.stop();
  await app.stop();
  await documents.close();
});
