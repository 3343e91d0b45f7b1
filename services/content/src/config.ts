import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { readSeedMode } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'] as const;

/** Reads and checks the content service's environment once; throws ConfigError naming every bad variable. */
export function loadContentConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8086),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    /** Auth, whose JWKS verifies the bearer tokens the gateway passes on. */
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    /** How long another replica's write may go unseen by this one's reads (the site files promise 60 s). */
    CONTENT_REFRESH_MS: read.int(5_000, { min: 100, max: 30_000 }),
    /** auto and always: insert the missing seed documents and bundle keys at start (never overwriting an edit); never: none. */
    SEED: readSeedMode,
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  problems.push(...revocationProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, SEED: config.SEED ?? 'auto', jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type ContentConfig = ReturnType<typeof loadContentConfig>;
