import { createLogger, systemClock } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { loadConfigOrExit, stopOnSignals } from '@tm/shared/process';
import { checkRedisVersion, MIN_REDIS_VERSION } from '@tm/shared/store/redis';
import { startTelemetry } from '@tm/shared/telemetry';
import { revocationViewFrom } from '@tm/shared/tokens/revocations';
import { createApp } from './app.ts';
import { loadGatewayConfig } from './config.ts';
import { createGatewayLimiter, createLimiterRedis } from './policy/limiter.ts';
import { createTokenVerifier } from './policy/tokens.ts';
import { listenGateway } from './server/listen.ts';

const logger = createLogger('gateway', { level: process.env.LOG_LEVEL });
/** jose's own per-fetch timeout of the JWKS (remoteJwks' default), kept by the client too. */
const JWKS_TIMEOUT_MS = 2000;

const config = loadConfigOrExit(logger, () => loadGatewayConfig(process.env));
const telemetry = await startTelemetry({ service: 'gateway', settings: config, logger });

// One log line per outage, not one per reconnect attempt.
let redisDown = false;
const redis = config.REDIS_URL
  ? createLimiterRedis(config.REDIS_URL, {
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
      onError: (err) => {
        if (!redisDown) logger.warn('redis unavailable: the local limiter answers until it is back', { error: err.message });
        redisDown = true;
      },
    })
  : undefined;
redis?.on('ready', () => {
  redisDown = false;
  checkRedisVersion(redis).then(
    ({ version, supported }) =>
      supported ? logger.info('redis connected', { version }) : logger.error('redis version unsupported', { version, minimum: MIN_REDIS_VERSION }),
    (err: unknown) => logger.warn('redis version check failed', { error: String(err) }),
  );
});

// Revoked sessions from auth's feed, refreshed every REVOCATION_POLL_MS (docs/account.md).
const revocations = revocationViewFrom(config, { logger, telemetry, credential: config.SERVICE_CREDENTIAL });

const server = await listenGateway(
  createApp({
    upstreams: {
      auth: config.AUTH_URL,
      catalog: config.CATALOG_URL,
      talent: config.TALENT_URL,
      bookings: config.BOOKINGS_URL,
      messaging: config.MESSAGING_URL,
      content: config.CONTENT_URL,
      reviews: config.REVIEWS_URL,
      search: config.SEARCH_URL,
      growth: config.GROWTH_URL,
      assistant: config.ASSISTANT_URL,
    },
    fetch: globalThis.fetch,
    publicSiteUrl: config.PUBLIC_SITE_URL.replace(/\/$/, ''),
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logger,
    telemetry,
    serviceCredential: config.SERVICE_CREDENTIAL,
    clock: systemClock,
    // The first site-file build starts now, off the request path; the timer looks for changes every 10 s.
    siteBuildIntervalMs: 10_000,
    limiter: createGatewayLimiter({
      redis,
      telemetry,
      keyPrefix: config.REDIS_PREFIX,
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
      windowS: config.RATE_LIMIT_WINDOW_S,
      quotas: {
        anonymous: config.RATE_LIMIT_ANON,
        authenticated: config.RATE_LIMIT_AUTHENTICATED,
        'auth-routes': config.RATE_LIMIT_AUTH_ROUTES,
        webhooks: config.RATE_LIMIT_WEBHOOKS,
      },
    }),
    tokens: createTokenVerifier({
      jwksUrl: `${config.AUTH_URL}/.well-known/jwks.json`,
      jwksFetch: createServiceClient({ service: 'auth', baseUrl: config.AUTH_URL, timeoutMs: JWKS_TIMEOUT_MS, logger, telemetry }).fetch,
      clock: systemClock,
      jwksCacheS: config.JWKS_CACHE_S,
      cacheSize: config.TOKEN_CACHE_SIZE,
    }),
    revocations,
    trustProxy: config.TRUST_PROXY,
    maxBodyBytes: config.MAX_BODY_BYTES,
    corsOrigins: config.CORS_ORIGINS,
  }),
  config.HTTP_SERVER,
  {
    hostname: config.HOST,
    port: config.PORT,
    reusePort: config.REUSE_PORT,
    // A backstop for bodies no route counts (chunked uploads to /mcp): the policy answers 413
    // in the envelope for anything declared over MAX_BODY_BYTES, so Bun's own limit sits above it.
    maxRequestBodySize: Math.max(config.MAX_BODY_BYTES * 4, 1024 * 1024),
  },
  logger,
);

logger.info('listening', { host: config.HOST, port: server.port, server: config.HTTP_SERVER, redis: redis ? 'on' : 'in-memory limiter' });

stopOnSignals(logger, async () => {
  revocations.stop();
  await server.stop();
  redis?.disconnect();
  await telemetry.stop();
});
