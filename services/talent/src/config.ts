import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { chooseSeedMode, readSeedMode, type SeedMode } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';

/** Reads and checks the talent service's environment once; throws ConfigError naming every bad variable. */
export function loadTalentConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8083),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    /** auto (default): seed the embedded store, and MongoDB while it holds no profiles; always; never. One meaning in every service. */
    SEED: readSeedMode,
    /** The old switch, still read (with a deprecation warning) while SEED is unset: true is SEED=always, false SEED=auto. */
    SEED_ON_START: read.bool(false),
    /** Reviews: the PM profile's rating (cached 30 s) and its ratings index (the directory's order); none while reviews is away. */
    REVIEWS_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8087'),
    REVIEWS_TIMEOUT_MS: read.int(500, { min: 1, max: 60_000 }),
    /** How long a rating read from reviews is reused (a change shows within this; the design allows 60 s). */
    RATINGS_CACHE_MS: read.int(30_000, { min: 0, max: 60_000 }),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  // It calls reviews' /internal/ratings and ratings index (the PM profile's rating, the order) and serves /internal routes.
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: true }));
  if (problems.length > 0) throw new ConfigError(problems);
  // SEED is absent when unset (talentSeedMode then decides), so the type says optional.
  return config as Readonly<Omit<typeof config, 'SEED'> & { SEED?: SeedMode }>;
}

export type TalentConfig = ReturnType<typeof loadTalentConfig>;

/** The seed mode main.ts runs in: SEED, else SEED_ON_START when set (with a warning to log), else auto. */
export function talentSeedMode(config: TalentConfig, env: Env) {
  return chooseSeedMode(config.SEED, env.SEED_ON_START ? { name: 'SEED_ON_START', mode: config.SEED_ON_START ? 'always' : 'auto' } : undefined);
}
