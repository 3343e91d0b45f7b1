import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { REDIS_SETTINGS } from '@tm/shared/store';
import { MONGO_SETTINGS } from '@tm/shared/store/mongo';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'];

/** Reads and checks the assistant service's environment once; throws ConfigError naming every bad variable. */
export function loadAssistantConfig(env: Env) {
  const config = loadConfig(env, {
    HOST: read.string('127.0.0.1'),
    PORT: read.port(8090),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    ...MONGO_SETTINGS,
    ...REDIS_SETTINGS,
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    REDIS_PREFIX: read.string('assistant:'),
    /** The gateway in front adds one X-Forwarded-For entry: the client IP the per-IP quota counts. */
    TRUST_PROXY: read.int(1, { min: 0, max: 10 }),
    /** The model provider (OpenAI-compatible); without LLM_API_KEY every answer is the deterministic fallback. */
    LLM_BASE_URL: read.url(HTTP, 'https://api.openai.com/v1'),
    LLM_API_KEY: read.optionalString(),
    LLM_MODEL: read.string('gpt-4o-mini'),
    LLM_TIMEOUT_MS: read.int(30_000, { min: 100, max: 600_000 }),
    /** Tool rounds per answer before the model must answer in words. */
    LLM_MAX_TOOL_ROUNDS: read.int(4, { min: 0, max: 4 }),
    CHATBOT_MESSAGES_PER_SESSION_MINUTE: read.int(20, { min: 1, max: 100_000 }),
    CHATBOT_MESSAGES_PER_IP_DAY: read.int(200, { min: 1, max: 100_000_000 }),
    /** Heartbeat comments on the answer stream at least this often (at most 8 s: the gateway and Bun cut idle connections at 10 s). */
    CHATBOT_HEARTBEAT_MS: read.int(8_000, { min: 100, max: 8_000 }),
    CATALOG_URL: read.url(HTTP, 'http://127.0.0.1:8082'),
    TALENT_URL: read.url(HTTP, 'http://127.0.0.1:8083'),
    CONTENT_URL: read.url(HTTP, 'http://127.0.0.1:8086'),
    SEARCH_URL: read.url(HTTP, 'http://127.0.0.1:8088'),
    GROWTH_URL: read.url(HTTP, 'http://127.0.0.1:8089'),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    AUTH_JWKS_URL: read.optionalUrl(HTTP),
    /** Auth's revoked sessions, read as the gateway reads them (the same settings and staleness rule). */
    ...REVOCATION_SETTINGS,
    UPSTREAM_TIMEOUT_MS: read.int(3_000, { min: 1, max: 60_000 }),
    /** The public site, for links in answers and sources. */
    PUBLIC_SITE_URL: read.url(HTTP, 'http://localhost:8080'),
  });
  // Production counts quotas in Redis (shared by every replica) and keeps sessions in MongoDB.
  const problems = productionProblems(env, { MONGODB_URL: config.MONGODB_URL === undefined, REDIS_URL: config.REDIS_URL === undefined });
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: false }));
  problems.push(...revocationProblems(config));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({ ...config, jwksUrl: config.AUTH_JWKS_URL ?? `${config.AUTH_URL}/.well-known/jwks.json` });
}

export type AssistantConfig = ReturnType<typeof loadAssistantConfig>;
