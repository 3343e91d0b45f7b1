import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createLogMailer, createSmtpMailer } from '@tm/shared/mail';
import { outboxTimings } from '@tm/shared/outbox';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { createLeases, gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { buildParts, createApp } from './app.ts';
import { createHttpContacts } from './auth/contacts-port.ts';
import { createHttpGuestSessions } from './auth/guest-sessions-port.ts';
import { createTokenVerifier } from './auth/token-verifier.ts';
import { createHttpCatalog } from './catalog/catalog-port.ts';
import { loadBookingsConfig } from './config.ts';
import { countingCatalog, countingDocuments, createMetricsRoutes, type Metrics } from './internal/metrics.ts';
import { createHttpLegal } from './legal/legal-port.ts';
import { createNotifier } from './mail/notifier.ts';
import { createRecipientLimit } from './mail/recipient-limit.ts';
import { createProviders } from './payments/provider-factories.ts';
import { createReconciler } from './reconciler/reconciler.ts';
import { createHttpTalent } from './talent/talent-port.ts';

const logger = createLogger('bookings', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadBookingsConfig(process.env));
const telemetry = await startTelemetry({ service: 'bookings', settings: config, logger });
/** What every service client of this process is given. */
const credentials = serviceCredentialsFrom(config);
const kit = { logger, telemetry, credential: credentials.credential };

// Bookings reads what it has just written (a transition's version): primary reads only.
const { documents: store } = await openStores({
  service: 'bookings',
  logger,
  telemetry,
  mongodb: mongoSettingsFrom(config, 'bookings', { readPreference: 'primary' }),
});
// Indexes need MongoDB: retried in the background until it answers (/readyz is 503 meanwhile), no crash loop.
let setup: ReturnType<typeof retryUntilDone> | undefined;
// Writes and catalog calls are counted for the checkout bench (GET /internal/metrics); a counter costs nothing measurable.
const metrics: Metrics = { documentWrites: 0, catalogCalls: 0 };
const documents = countingDocuments(
  gateReadiness(store, () => setup?.done() ?? false),
  metrics,
);
// At most MAIL_RECIPIENT_HOURLY_LIMIT mails an hour to one address, counted in the store (every replica).
const mailLimit = createRecipientLimit({ documents, clock: systemClock, perHour: config.MAIL_RECIPIENT_HOURLY_LIMIT });
// Auth's JWKS, and revoked sessions from auth's feed refreshed every REVOCATION_POLL_MS: bookings
// reached directly refuses a signed-out session's token as the gateway does (the same code and staleness rule).
const { keys, revocations } = startCallerVerifier(config, kit);
const mailer = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : createLogMailer(logger);
const deps = {
  documents,
  catalog: countingCatalog(createHttpCatalog({ baseUrl: config.CATALOG_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }), metrics),
  talent: createHttpTalent({ baseUrl: config.TALENT_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }),
  legal: createHttpLegal({ baseUrl: config.CONTENT_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, clock: systemClock, cacheMs: config.LEGAL_CACHE_MS, ...kit }),
  tokens: createTokenVerifier({ keys, revocations, clock: systemClock }),
  guests: createHttpGuestSessions({ baseUrl: config.AUTH_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }),
  providers: createProviders(config),
  marketProviders: config.marketProviders,
  notifier: createNotifier({
    mailer,
    logger,
    limit: mailLimit,
    contacts: createHttpContacts({ baseUrl: config.AUTH_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }),
  }),
  clock: systemClock,
  logger,
  telemetry,
  outbox: outboxTimings(config),
  internalCallers: credentials.internalCallers,
  readiness: revocations.readiness(),
};
const parts = buildParts(deps);
setup = retryUntilDone(logger, 'bookings setup (indexes)', async () => {
  await parts.ensureIndexes();
  await mailLimit.ensureIndexes();
});
const app = listenOrExit(
  createApp(deps, parts).use(createMetricsRoutes(metrics)),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT, maxRequestBodySize: config.MAX_BODY_BYTES },
  logger,
);
// Every replica runs the reconciler's timer; a pass runs under the store lease `bookings.reconciler`, so one replica at a time.
const reconciler = createReconciler({ ...parts.paymentDeps, intervalMs: config.RECONCILE_INTERVAL_MS, leases: createLeases(documents, { logger }) });
reconciler.start();
if (config.OUTBOX_PAUSED) logger.warn('outbox paused (OUTBOX_PAUSED, a test switch): side effects are stored, none is delivered');
parts.outbox.start();

logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, providers: config.marketProviders });

stopOnSignals(logger, async () => {
  setup?.stop();
  revocations.stop();
  await reconciler.stop();
  await app.stop();
  await parts.outbox.stop();
  await mailer.close();
  await documents.close();
  await telemetry.stop();
});
