import { ConfigError, type Env, loadConfig, MONGO_SETTINGS, productionProblems, read } from '@tm/shared';

/** The catalog's configuration, read once at start; every bad variable is reported together. */
export function loadCatalogConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8082),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    TALENT_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8083'),
    TALENT_TIMEOUT_MS: read.int(800, { min: 1, max: 60_000 }),
    CATALOG_CACHE_MAX_AGE_MS: read.int(5_000, { min: 0, max: 3_600_000 }),
    // auto: always seed the embedded store, and MongoDB only while its services collection is empty
    // (so a fresh docker compose has a catalog); always / never: as named.
    CATALOG_SEED: read.oneOf(['auto', 'always', 'never'] as const, 'auto'),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;
