import { ConfigError, type Env, loadConfig, productionProblems, read } from '@tm/shared';
import { SERVICE_CREDENTIAL_SETTINGS, serviceCredentialProblems } from '@tm/shared/http';
import { optionalRedisUrl } from '@tm/shared/store';
import { TELEMETRY_SETTINGS } from '@tm/shared/telemetry';
import { REVOCATION_SETTINGS, revocationProblems } from '@tm/shared/tokens/revocations';

const HTTP = ['http:', 'https:'] as const;

/**
 * HTTP_SERVER: what carries the gateway. `bun` (Bun.serve, the default and the faster) or `node`
 * (node:http under Bun, which answers pipelined HTTP/1.1 requests that Bun.serve 1.4.5 drops;
 * docs/gateway.md).
 */
export const HTTP_SERVERS = ['bun', 'node'] as const;
export type HttpServerKind = (typeof HTTP_SERVERS)[number];

/**
 * CORS_ORIGINS: `*` or browser origins (http/https URLs), each normalised to its origin as a
 * browser sends it (`HTTPS://App.Example:443/` is `https://app.example`), so the CORS headers and
 * the /mcp Origin check compare against one form; anything else is a configuration error.
 */
function corsOrigins(raw: string | undefined): readonly string[] {
  return read
    .list([])(raw)
    .map((entry) => {
      if (entry === '*') return entry;
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`must be * or http(s) origins, got "${entry}"`);
      }
      if (!(HTTP as readonly string[]).includes(url.protocol)) throw new Error(`must be * or http(s) origins, got "${entry}"`);
      return url.origin;
    });
}

/**
 * Every variable the gateway reads, parsed once at start; one error names every bad variable. In
 * production the limiter must be shared (REDIS_URL), as for every service's embedded defaults.
 */
export function loadGatewayConfig(env: Env) {
  const config = loadConfig(env, {
    PORT: read.port(8080),
    /** true only where several processes are meant to share the port (SO_REUSEPORT); off by default. */
    REUSE_PORT: read.bool(false),
    HTTP_SERVER: read.oneOf(HTTP_SERVERS, 'bun'),
    HOST: read.string('127.0.0.1'),
    AUTH_URL: read.url(HTTP, 'http://127.0.0.1:8081'),
    CATALOG_URL: read.url(HTTP, 'http://127.0.0.1:8082'),
    TALENT_URL: read.url(HTTP, 'http://127.0.0.1:8083'),
    BOOKINGS_URL: read.url(HTTP, 'http://127.0.0.1:8084'),
    MESSAGING_URL: read.url(HTTP, 'http://127.0.0.1:8085'),
    CONTENT_URL: read.url(HTTP, 'http://127.0.0.1:8086'),
    REVIEWS_URL: read.url(HTTP, 'http://127.0.0.1:8087'),
    SEARCH_URL: read.url(HTTP, 'http://127.0.0.1:8088'),
    GROWTH_URL: read.url(HTTP, 'http://127.0.0.1:8089'),
    ASSISTANT_URL: read.url(HTTP, 'http://127.0.0.1:8090'),
    PUBLIC_SITE_URL: read.url(HTTP, 'http://localhost:8080'),
    REDIS_URL: optionalRedisUrl(),
    ...TELEMETRY_SETTINGS,
    ...SERVICE_CREDENTIAL_SETTINGS,
    REDIS_COMMAND_TIMEOUT_MS: read.int(1_000, { min: 50, max: 60_000 }),
    REDIS_PREFIX: read.string('rl:gateway:'),
    TRUST_PROXY: read.int(0, { min: 0, max: 10 }),
    RATE_LIMIT_WINDOW_S: read.int(60, { min: 1, max: 86_400 }),
    RATE_LIMIT_ANON: read.int(300, { min: 1 }),
    RATE_LIMIT_AUTHENTICATED: read.int(600, { min: 1 }),
    RATE_LIMIT_AUTH_ROUTES: read.int(30, { min: 1 }),
    RATE_LIMIT_WEBHOOKS: read.int(1200, { min: 1 }),
    UPSTREAM_TIMEOUT_MS: read.int(5000, { min: 1, max: 120_000 }),
    MAX_BODY_BYTES: read.int(65_536, { min: 1, max: 100 * 1024 * 1024 }),
    CORS_ORIGINS: corsOrigins,
    JWKS_CACHE_S: read.int(600, { min: 1, max: 86_400 }),
    TOKEN_CACHE_SIZE: read.int(10_000, { min: 0, max: 1_000_000 }),
    ...REVOCATION_SETTINGS,
  });
  const problems = [...productionProblems(env, { REDIS_URL: config.REDIS_URL === undefined }), ...revocationProblems(config)];
  problems.push(...serviceCredentialProblems(env, config, { calls: true, serves: false }));
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The parsed, frozen configuration. */
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
