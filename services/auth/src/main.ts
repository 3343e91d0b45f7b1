import { createLogger, isProduction, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { createLogMailer, createSmtpMailer } from '@tm/shared/mail';
import { outboxTimings } from '@tm/shared/outbox';
import { EXIT_CONFIG, listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { createLeases, gateReadiness, openStores, retryUntilDone } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startErasureWorker } from './account/erasure-worker.ts';
import { createApp } from './app.ts';
import { loadAuthConfig } from './config.ts';
import { createJoseIdTokenVerifier, unconfiguredIdTokenVerifier } from './idp/idp-verifier.ts';
import { createHttpAccountPeer } from './peers/account-peers.ts';
import { createHttpTalentProfiles } from './peers/talent-profiles.ts';
import { bootstrapAdmin, ensureIndexes } from './setup.ts';
import { createLogSmsSender, createWebhookSmsSender } from './sms/sms-sender.ts';
import { createArgon2idHasher } from './staff/passwords.ts';
import { generateSigningKey, importPreviousPublicKeys, importSigningKey } from './tokens/keys.ts';
import { createHttpWidgetVerifier, unconfiguredWidgetVerifier } from './widget/widget-verifier.ts';
import { buildWiring } from './wiring.ts';

const logger = createLogger('auth', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadAuthConfig(process.env));
const telemetry = await startTelemetry({ service: 'auth', settings: config, logger });
const credentials = serviceCredentialsFrom(config);
/** What every service client of this process is given. */
const kit = { logger, telemetry, credential: credentials.credential };

const clock = systemClock;
// Auth reads what it has just written (a session, a consumed token): primary reads only.
const stores = await openStores({
  service: 'auth',
  logger,
  telemetry,
  mongodb: mongoSettingsFrom(config, 'auth', { readPreference: 'primary' }),
  redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS } : undefined,
});
const refuse = (err: unknown): never => {
  logger.error('configuration refused', { error: (err as Error).message });
  process.exit(EXIT_CONFIG);
};
const signingKey = await (config.JWT_PRIVATE_KEY ? importSigningKey(config.JWT_PRIVATE_KEY) : generateSigningKey()).catch(refuse);
const previousPublicKeys = config.JWT_PREVIOUS_PUBLIC_KEYS ? await importPreviousPublicKeys(config.JWT_PREVIOUS_PUBLIC_KEYS, signingKey).catch(refuse) : [];
if (!config.JWT_PRIVATE_KEY)
  logger.warn('JWT_PRIVATE_KEY unset: signing with a key generated at start (tokens die with this process)', { kid: signingKey.kid });
const otpSecret = config.OTP_HMAC_SECRET ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
const timeoutMs = config.PROVIDER_TIMEOUT_MS;
const passwords = createArgon2idHasher();
const mailer = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs }) : createLogMailer(logger);
const deps = {
  documents: gateReadiness(stores.documents, () => setup.done()),
  keyValue: stores.keyValue,
  clock,
  logger,
  telemetry,
  internalCallers: credentials.internalCallers,
  signingKey,
  previousPublicKeys,
  otpSecret,
  smsCountryCodes: config.SMS_COUNTRY_CODES,
  sms: config.SMS_WEBHOOK_URL ? createWebhookSmsSender({ url: config.SMS_WEBHOOK_URL, timeoutMs }) : createLogSmsSender(logger),
  widget:
    config.WIDGET_VERIFY_URL && config.WIDGET_AUTH_KEY
      ? createHttpWidgetVerifier({ url: config.WIDGET_VERIFY_URL, authKey: config.WIDGET_AUTH_KEY, timeoutMs })
      : unconfiguredWidgetVerifier,
  idp:
    config.IDP_JWKS_URL && config.IDP_AUDIENCE
      ? createJoseIdTokenVerifier({ jwksUrl: config.IDP_JWKS_URL, issuers: config.IDP_ISSUER, audience: config.IDP_AUDIENCE, clock, timeoutMs })
      : unconfiguredIdTokenVerifier,
  mailer,
  talent: createHttpTalentProfiles({ url: config.TALENT_URL, timeoutMs: config.PEER_TIMEOUT_MS, ...kit }),
  // Bookings first: it may refuse (active bookings), and nothing may be erased anywhere before it agreed.
  accountPeers: (
    [
      ['bookings', config.BOOKINGS_URL],
      ['messaging', config.MESSAGING_URL],
      ['content', config.CONTENT_URL],
      ['reviews', config.REVIEWS_URL],
      ['growth', config.GROWTH_URL],
    ] as const
  ).map(([service, url]) => createHttpAccountPeer({ service, url, timeoutMs: config.PEER_TIMEOUT_MS, ...kit })),
  accountErasureRetryMs: config.ACCOUNT_ERASURE_RETRY_MS,
  passwords,
  resetUrlBase: config.RESET_URL_BASE,
  emailConfirmUrlBase: config.EMAIL_CONFIRM_URL_BASE,
  trustProxy: config.TRUST_PROXY,
  maxBodyBytes: config.MAX_BODY_BYTES,
};

// The link mails' outbox (reset, invitation, email confirmation): its worker runs in every
// replica, each stored mail delivered once (docs/auth.md "Link mails").
const wiring = buildWiring(deps, {
  linkMails: outboxTimings(config),
});

// Indexes and the bootstrap admin need MongoDB: retried in the background until it answers, and
// /readyz says 503 until they are done, instead of a crash loop while MongoDB is away.
const setup = retryUntilDone(logger, 'auth setup (indexes, bootstrap admin)', async () => {
  await ensureIndexes(deps);
  await wiring.linkMails.ensureIndexes();
  if (config.BOOTSTRAP_ADMIN_EMAIL && config.BOOTSTRAP_ADMIN_PASSWORD) {
    await bootstrapAdmin(deps, { email: config.BOOTSTRAP_ADMIN_EMAIL, password: config.BOOTSTRAP_ADMIN_PASSWORD, mobile: config.BOOTSTRAP_ADMIN_MOBILE });
  }
});

// Every replica runs the timer; a round runs under the store lease `auth.erasure`, one replica at a time.
const stopErasureWorker = startErasureWorker(deps, Math.min(config.ACCOUNT_ERASURE_RETRY_MS, 10_000), createLeases(deps.documents, { logger }));
if (config.OUTBOX_PAUSED) logger.warn('outbox paused (OUTBOX_PAUSED, a test switch): link mails are stored, none is delivered');
wiring.linkMails.start();
const app = listenOrExit(
  createApp(deps, wiring),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT, maxRequestBodySize: config.MAX_BODY_BYTES },
  logger,
);
logger.info('auth listening', {
  url: `http://${config.HOST}:${app.server?.port}`,
  documents: stores.documents.kind,
  keyValue: stores.keyValue.kind,
  sms: config.SMS_WEBHOOK_URL ? 'webhook' : 'log (dev outbox)',
  mail: config.SMTP_URL ? 'smtp' : 'log (dev outbox)',
  production: isProduction(process.env),
});

stopOnSignals(logger, async () => {
  setup.stop();
  stopErasureWorker();
  await app.stop();
  await wiring.linkMails.stop();
  await Promise.allSettled([stores.documents.close(), stores.keyValue.close(), mailer.close()]);
  await telemetry.stop();
});
