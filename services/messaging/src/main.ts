import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createLogMailer, createSmtpMailer } from '@tm/shared/mail';
import { countOutboxDeliveries, outboxTimings } from '@tm/shared/outbox';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { createLeases, openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { createApp, ensureMessagingIndexes } from './app.ts';
import { createHttpBookings } from './chat/access.ts';
import { loadMessagingConfig } from './config.ts';
import { createHttpContacts, createOfflineMail } from './mail/offline-mail.ts';
import { createMemoryNotices, createRedisNotices } from './stream/notices.ts';

const logger = createLogger('messaging', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadMessagingConfig(process.env));
const telemetry = await startTelemetry({ service: 'messaging', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "messaging" (or the one MONGODB_URL names), never another service's.
const { documents, keyValue } = await openStores({
  service: 'messaging',
  logger,
  telemetry,
  mongodb: mongoSettingsFrom(config, 'messaging'),
  redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS } : undefined,
});
await ensureMessagingIndexes(documents);

const notices = config.REDIS_URL
  ? createRedisNotices({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, logger, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS })
  : createMemoryNotices();
const kit = { logger, telemetry, credential: credentials.credential };
// Callers' tokens checked against auth's JWKS and revocation feed: messaging reached directly (its
// streams, a replica behind an internal LB) refuses a signed-out session, as the gateway does.
const { callers, revocations } = startCallerVerifier(config, kit);
const siteUrl = config.PUBLIC_SITE_URL.replace(/\/+$/, '');

const app = listenOrExit(
  createApp({
    documents,
    keyValue,
    logger,
    telemetry,
    metricsToken: config.METRICS_TOKEN,
    internalCallers: credentials.internalCallers,
    clock: systemClock,
    callers,
    readiness: revocations.readiness(),
    bookings: createHttpBookings({ baseUrl: config.BOOKINGS_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }),
    notices,
    siteUrl,
    perMinute: config.CHAT_MESSAGES_PER_MINUTE,
    heartbeatMs: config.CHAT_HEARTBEAT_MS,
  }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);

const mailer = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : createLogMailer(logger);
// The offline mails wait in messaging's outbox: any replica's worker delivers each once (docs/operations.md "Outbox, leases and replicas").
const offlineMail = createOfflineMail({
  repo: app.chat.repo,
  documents,
  leases: createLeases(documents, { logger }),
  timings: { ...outboxTimings(config), onOutcome: countOutboxDeliveries(telemetry.metrics) },
  presence: app.chat.presence,
  contacts: createHttpContacts({ baseUrl: config.AUTH_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, ...kit }),
  mailer,
  clock: systemClock,
  logger,
  siteUrl,
});
await offlineMail.ensureIndexes();
if (config.OUTBOX_PAUSED) logger.warn('outbox paused (OUTBOX_PAUSED, a test switch): offline mails are stored, none is delivered');
offlineMail.start(config.CHAT_MAIL_SWEEP_MS);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, notices: notices.kind });

stopOnSignals(logger, async () => {
  revocations.stop();
  await app.stop();
  await offlineMail.stop();
  await notices.close();
  await mailer.close();
  await keyValue.close();
  await documents.close();
});
