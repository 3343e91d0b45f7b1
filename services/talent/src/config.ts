import { ConfigError, type Env, loadConfig, MONGO_SETTINGS, productionProblems, read } from '@tm/shared';

/** Reads and checks the talent service's environment once; throws ConfigError naming every bad variable. */
export function loadTalentConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8083),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    /** Seed the MongoDB store at start too (the embedded store is always seeded). */
    SEED_ON_START: read.bool(false),
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export type TalentConfig = ReturnType<typeof loadTalentConfig>;
