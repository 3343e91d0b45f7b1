import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { chooseSeedMode, readSeedMode, SEED_MODES } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { DEFAULT_WHOLE_LIST_BUDGET_MB } from './domain/read-model.ts';

/** The catalog's configuration, read once at start; every bad variable is reported together. */
export function loadCatalogConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8082),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    TALENT_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8083'),
    TALENT_TIMEOUT_MS: read.int(800, { min: 1, max: 60_000 }),
    /** Reviews, for the service detail's rating (cached 30 s; none while reviews is away). */
    REVIEWS_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8087'),
    REVIEWS_TIMEOUT_MS: read.int(500, { min: 1, max: 60_000 }),
    /** How long a rating read from reviews is reused (a change shows within this; the design allows 60 s). */
    RATINGS_CACHE_MS: read.int(30_000, { min: 0, max: 60_000 }),
    CATALOG_CACHE_MAX_AGE_MS: read.int(5_000, { min: 0, max: 3_600_000 }),
    /** MiB of /services/catalog bodies a snapshot keeps (least recently sent dropped first; their ETags stay); 0 keeps none. */
    CATALOG_WHOLE_LIST_BUDGET_MB: read.int(DEFAULT_WHOLE_LIST_BUDGET_MB, { min: 0, max: 16_384 }),
    // auto: always seed the embedded store, and MongoDB only while its services collection is empty
    // (so a fresh docker compose has a catalog); always / never: as named. One meaning in every service.
    SEED: readSeedMode,
    /** The catalog's old name for SEED, still read (with a deprecation warning) while SEED is unset. */
    CATALOG_SEED: read.oneOf(SEED_MODES, 'auto'),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

/** The read model's settings from the configuration (main.ts and the bench's serve-bench.ts). */
export function readModelSettings(config: CatalogConfig): { maxAgeMs: number; wholeListBudgetBytes: number } {
  return { maxAgeMs: config.CATALOG_CACHE_MAX_AGE_MS, wholeListBudgetBytes: config.CATALOG_WHOLE_LIST_BUDGET_MB * 2 ** 20 };
}

/** The seed mode main.ts runs in: SEED, else CATALOG_SEED when set (with a warning to log), else auto. */
export function catalogSeedMode(config: CatalogConfig, env: Env) {
  return chooseSeedMode(config.SEED, env.CATALOG_SEED ? { name: 'CATALOG_SEED', mode: config.CATALOG_SEED } : undefined);
}
