import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'] as const;

/** Reads and checks the search service's environment once; throws ConfigError naming every bad variable. */
export function loadSearchConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8088),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    /** Where the indexes come from (the same NDJSON indexes the gateway's site files read). */
    CATALOG_URL: read.url(HTTP, 'http://127.0.0.1:8082'),
    TALENT_URL: read.url(HTTP, 'http://127.0.0.1:8083'),
    CONTENT_URL: read.url(HTTP, 'http://127.0.0.1:8086'),
    /** Reviews' ratings index: the order of merit among equally relevant hits (none while reviews is away). */
    REVIEWS_URL: read.url(HTTP, 'http://127.0.0.1:8087'),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    /** How often the indexes are asked for (an unchanged one answers 304): a change shows within this. */
    SEARCH_REFRESH_MS: read.int(30_000, { min: 100, max: 60_000 }),
    /** The budget of one index read (100k lines take a while). */
    INDEX_TIMEOUT_MS: read.int(30_000, { min: 100, max: 600_000 }),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: false }));
  problems.push(...revocationProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type SearchConfig = ReturnType<typeof loadSearchConfig>;
