import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createLogMailer, createSmtpMailer } from '@tm/shared/mail';
import { countOutboxDeliveries } from '@tm/shared/outbox';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { createHttpPersonContacts } from './account/contacts.ts';
import { buildParts, createApp } from './app.ts';
import { loadGrowthConfig } from './config.ts';
import type { GrowthDeps } from './deps.ts';
import { createLeadNotifier } from './leads/notifier.ts';

const logger = createLogger('growth', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadGrowthConfig(process.env));
const telemetry = await startTelemetry({ service: 'growth', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "growth" (or the one MONGODB_URL names), never another service's.
const stores = await openStores({
  service: 'growth',
  logger,
  telemetry,
  mongodb: mongoSettingsFrom(config, 'growth'),
  redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS } : undefined,
});
const mailer = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : createLogMailer(logger);
// Callers' tokens checked against auth's JWKS and revocation feed (growth reached directly refuses a signed-out session, as the gateway does).
const { callers, revocations } = startCallerVerifier(config, { logger, telemetry, credential: credentials.credential });
// Indexes need MongoDB: retried in the background until it answers (/readyz is 503 meanwhile).
let setup: ReturnType<typeof retryUntilDone> | undefined;
const deps: GrowthDeps = {
  documents: gateReadiness(stores.documents, () => setup?.done() ?? false),
  keyValue: stores.keyValue,
  tokens: callers,
  readiness: revocations.readiness(),
  notifier: createLeadNotifier({
    mailer,
    logger,
    salesEmail: config.SALES_EMAIL,
    documents: stores.documents,
    clock: systemClock,
    onOutcome: countOutboxDeliveries(telemetry.metrics),
  }),
  contacts: createHttpPersonContacts({
    baseUrl: config.AUTH_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
    telemetry,
    credential: credentials.credential,
  }),
  clock: systemClock,
  logger,
  telemetry,
  internalCallers: credentials.internalCallers,
  metricsToken: config.METRICS_TOKEN,
  trustProxy: config.TRUST_PROXY,
  flagsRefreshMs: config.FLAGS_REFRESH_MS,
  leadLimit: { max: config.LEADS_PER_IP, windowMs: config.LEADS_WINDOW_S * 1000 },
};
const parts = buildParts(deps);
setup = retryUntilDone(logger, 'growth setup (indexes)', () => parts.ensureIndexes());
const app = listenOrExit(
  createApp(deps, parts),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT, maxRequestBodySize: config.MAX_BODY_BYTES },
  logger,
);
// The lead mails' outbox worker: any replica delivers a stored mail, each once (docs/operations.md "Outbox").
deps.notifier.start();
logger.info('listening', {
  host: config.HOST,
  port: app.server?.port,
  store: stores.documents.kind,
  keyValue: stores.keyValue.kind,
  mail: config.SMTP_URL ? 'smtp' : 'log (dev outbox)',
});

stopOnSignals(logger, async () => {
  setup?.stop();
  revocations.stop();
  await app.stop();
  await deps.notifier.stop();
  await Promise.allSettled([stores.documents.close(), stores.keyValue.close(), mailer.close()]);
});
