import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadSearchConfig } from './config.ts';

describe('loadSearchConfig', () => {
  it('defaults to 127.0.0.1:8088 with the embedded store, the local upstreams and a 30 s refresh', () => {
    expect(loadSearchConfig({})).toEqual({
      HOST: '127.0.0.1',
      PORT: 8088,
      REUSE_PORT: false,
      MONGODB_URL: undefined,
      MONGODB_TIMEOUT_MS: 5000,
      MONGODB_MAX_POOL_SIZE: 20,
      MONGODB_MIN_POOL_SIZE: 0,
      LOG_LEVEL: undefined,
      METRICS_TOKEN: undefined,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      SERVICE_CREDENTIAL: undefined,
      SERVICE_CREDENTIALS_ACCEPTED: undefined,
      CATALOG_URL: 'http://127.0.0.1:8082',
      TALENT_URL: 'http://127.0.0.1:8083',
      CONTENT_URL: 'http://127.0.0.1:8086',
      REVIEWS_URL: 'http://127.0.0.1:8087',
      AUTH_URL: 'http://127.0.0.1:8081',
      AUTH_JWKS_URL: undefined,
      REVOCATION_POLL_MS: 1000,
      REVOCATION_MAX_STALENESS_MS: 4000,
      SEARCH_REFRESH_MS: 30_000,
      INDEX_TIMEOUT_MS: 30_000,
      jwksUrl: 'http://127.0.0.1:8081/.well-known/jwks.json',
    });
  });

  it('names every bad variable at once', () => {
    let err: unknown;
    try {
      loadSearchConfig({ PORT: 'eighty', MONGODB_URL: 'http://db', REUSE_PORT: 'maybe', SEARCH_REFRESH_MS: '120000', CATALOG_URL: 'ftp://x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'REUSE_PORT', 'SEARCH_REFRESH_MS', 'CATALOG_URL']) expect(problems).toContain(name);
  });

  it('refuses the embedded store in production unless explicitly allowed', () => {
    expect(() => loadSearchConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(loadSearchConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8088);
    expect(loadSearchConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, MONGODB_URL: 'mongodb://db:27017/search' }).MONGODB_URL).toBe(
      'mongodb://db:27017/search',
    );
  });
});
