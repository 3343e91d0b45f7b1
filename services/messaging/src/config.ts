import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';

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
  });
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined });
  problems.push(...serviceCredentialProblems(env, config, { calls: false, serves: true }));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
