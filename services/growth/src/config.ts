import { MAX_BATCH_BYTES } from '@tm/contracts';
import { ConfigError, type Env, isProduction, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { REDIS_SETTINGS } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'] as const;

/**
 * Reads and checks the growth service's environment once; throws ConfigError naming every bad
 * variable. Growth sits behind the gateway, which sends one trusted X-Forwarded-For entry (the
 * client IP the per-IP lead limit counts), so TRUST_PROXY defaults to 1 here, as in auth.
 */
export function loadGrowthConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8089),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    ...REDIS_SETTINGS,
    REDIS_PREFIX: read.string('growth:'),
    TRUST_PROXY: read.int(1, { min: 0, max: 10 }),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    UPSTREAM_TIMEOUT_MS: read.int(3000, { min: 1, max: 60_000 }),
    SMTP_URL: read.optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: read.string('Talent Marketplace <no-reply@localhost>'),
    SALES_EMAIL: (raw: string | undefined) => {
      const value = raw?.trim() || 'sales@localhost';
      if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new Error('must be the email address new leads are mailed to');
      return value;
    },
    FLAGS_REFRESH_MS: read.int(5000, { min: 100, max: 600_000 }),
    LEADS_PER_IP: read.int(5, { min: 1, max: 10_000 }),
    LEADS_WINDOW_S: read.int(600, { min: 1, max: 86_400 }),
    // A tracking batch may be 500 KB; a little over it so the service, not the socket, answers one that is too large.
    MAX_BODY_BYTES: read.int(MAX_BATCH_BYTES + 64 * 1024, { min: 1024, max: 10 * 1024 * 1024 }),
  });
  const problems = productionProblems(env, {
    MONGODB_URL: config.MONGODB_URL === undefined,
    // messageId dedupe and the per-IP lead limit must be shared by every replica.
    REDIS_URL: config.REDIS_URL === undefined,
    SMTP_URL: config.SMTP_URL === undefined,
  });
  if (isProduction(env) && !env.SALES_EMAIL) problems.push('SALES_EMAIL: required in production (new leads are mailed there)');
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  problems.push(...revocationProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type GrowthConfig = ReturnType<typeof loadGrowthConfig>;
