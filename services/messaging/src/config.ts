import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { OUTBOX_SETTINGS, outboxProblems } from '@tm/shared/outbox';
import { REDIS_SETTINGS } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'];

/** Reads and checks the messaging service's environment once; throws ConfigError naming every bad variable. */
export function loadMessagingConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8085),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    /** Set: tickets, rate counts and presence in Redis, and stream notices over Redis pub/sub (several replicas). */
    ...REDIS_SETTINGS,
    REDIS_PREFIX: read.string('messaging:'),
    BOOKINGS_URL: read.url(HTTP, 'http://127.0.0.1:8084'),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    UPSTREAM_TIMEOUT_MS: read.int(3_000, { min: 1, max: 60_000 }),
    /** The public site: its links are not masked, and the offline mail links to it. */
    PUBLIC_SITE_URL: read.url(HTTP, 'http://localhost:8080'),
    /** Unset: mails go to the log (the dev outbox). */
    SMTP_URL: read.optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: read.string('Talent Marketplace <no-reply@localhost>'),
    CHAT_MESSAGES_PER_MINUTE: read.int(20, { min: 1, max: 100_000 }),
    /** Heartbeat comments on a stream at least this often (at most 8 s: the gateway and Bun cut idle connections at 10 s). */
    CHAT_HEARTBEAT_MS: read.int(8_000, { min: 100, max: 8_000 }),
    /** How often the offline mail looks for participants to mail. */
    CHAT_MAIL_SWEEP_MS: read.int(60_000, { min: 1_000, max: 3_600_000 }),
    /** The offline mails' outbox (docs/operations.md "Outbox, leases and replicas"). */
    ...OUTBOX_SETTINGS,
  });
  const problems = productionProblems(env, {
    MONGODB_URL: config.MONGODB_URL === undefined,
    REDIS_URL: config.REDIS_URL === undefined,
    SMTP_URL: config.SMTP_URL === undefined,
  });
  // It reads bookings' facts (calls) and answers auth's account export and erasure (serves).
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  problems.push(...revocationProblems(config));
  problems.push(...outboxProblems(env, config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
