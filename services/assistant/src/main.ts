import { createUpstreamClient } from '@tm/agent-tools';
import { createLogger, systemClock } from '@tm/shared';
import { serviceCredentialsFrom } from '@tm/shared/http';
import { listenOrExit, loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { openStores } from '@tm/shared/store';
import { mongoSettingsFrom } from '@tm/shared/store/mongo';
import { startTelemetry } from '@tm/shared/telemetry';
import { startCallerVerifier } from '@tm/shared/tokens/callers';
import { createApp, ensureAssistantIndexes } from './app.ts';
import { loadAssistantConfig } from './config.ts';
import { createChatProvider } from './provider/client.ts';

const logger = createLogger('assistant', { level: process.env.LOG_LEVEL });
const config = loadConfigOrExit(logger, () => loadAssistantConfig(process.env));
const telemetry = await startTelemetry({ service: 'assistant', settings: config, logger });
const credentials = serviceCredentialsFrom(config);

// Its own database: "assistant" (or the one MONGODB_URL names), never another service's.
const { documents, keyValue } = await openStores({
  service: 'assistant',
  logger,
  telemetry,
  mongodb: mongoSettingsFrom(config, 'assistant'),
  redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS } : undefined,
});
await ensureAssistantIndexes(documents);

const provider = config.LLM_API_KEY
  ? createChatProvider({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS })
  : undefined;
if (!provider) logger.info('no LLM_API_KEY: answering in fallback mode (FAQ, service cards and catalog quotes, no model)');

// Callers' tokens checked against auth's JWKS and revocation feed: the assistant reached directly
// (a replica behind an internal LB) refuses a signed-out session, as the gateway does.
const { callers, revocations } = startCallerVerifier(config, { logger, telemetry, credential: credentials.credential });
const upstream = createUpstreamClient({
  upstreams: { catalog: config.CATALOG_URL, talent: config.TALENT_URL, content: config.CONTENT_URL, search: config.SEARCH_URL, growth: config.GROWTH_URL },
  fetch,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  logger,
  telemetry,
  serviceCredential: credentials.credential,
});

const app = listenOrExit(
  createApp({
    documents,
    keyValue,
    logger,
    telemetry,
    metricsToken: config.METRICS_TOKEN,
    clock: systemClock,
    upstream,
    provider,
    tokens: callers,
    readiness: revocations.readiness(),
    origin: config.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    limits: { perSessionPerMinute: config.CHATBOT_MESSAGES_PER_SESSION_MINUTE, perIpPerDay: config.CHATBOT_MESSAGES_PER_IP_DAY },
    heartbeatMs: config.CHATBOT_HEARTBEAT_MS,
    maxToolRounds: config.LLM_MAX_TOOL_ROUNDS,
    trustProxy: config.TRUST_PROXY,
  }),
  { hostname: config.HOST, port: config.PORT, reusePort: config.REUSE_PORT },
  logger,
);
logger.info('listening', { host: config.HOST, port: app.server?.port, store: documents.kind, model: provider ? config.LLM_MODEL : 'fallback' });

stopOnSignals(logger, async () => {
  revocations.stop();
  await app.stop();
  await keyValue.close();
  await documents.close();
});
