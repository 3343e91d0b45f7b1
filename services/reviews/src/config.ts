import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'] as const;

/** Reads and checks the reviews service's environment once; throws ConfigError naming every bad variable. */
export function loadReviewsConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8087),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    BOOKINGS_URL: read.url(HTTP, 'http://127.0.0.1:8084'),
    UPSTREAM_TIMEOUT_MS: read.int(3000, { min: 1, max: 60_000 }),
    /** How often pending reviews whose window closed are published. */
    SWEEP_INTERVAL_MS: read.int(60_000, { min: 100, max: 3_600_000 }),
    /** How often the review totals are checked against the reviews and corrected (reviews/reconcile.ts); not bookings' RECONCILE_INTERVAL_MS, which one shared environment (`bun run start`) hands to both. */
    TOTALS_CHECK_INTERVAL_MS: read.int(3_600_000, { min: 1_000, max: 86_400_000 }),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  // It calls bookings' and auth's /internal routes, and serves its own (ratings, account data).
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  problems.push(...revocationProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type ReviewsConfig = ReturnType<typeof loadReviewsConfig>;
