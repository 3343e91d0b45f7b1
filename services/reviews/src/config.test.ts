import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadReviewsConfig } from './config.ts';

describe('loadReviewsConfig', () => {
  it('defaults to 127.0.0.1:8087 with the embedded store', () => {
    expect(loadReviewsConfig({})).toEqual({
      HOST: '127.0.0.1',
      PORT: 8087,
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
      AUTH_URL: 'http://127.0.0.1:8081',
      AUTH_JWKS_URL: undefined,
      REVOCATION_POLL_MS: 1000,
      REVOCATION_MAX_STALENESS_MS: 4000,
      BOOKINGS_URL: 'http://127.0.0.1:8084',
      UPSTREAM_TIMEOUT_MS: 3000,
      SWEEP_INTERVAL_MS: 60_000,
      TOTALS_CHECK_INTERVAL_MS: 3_600_000,
      jwksUrl: 'http://127.0.0.1:8081/.well-known/jwks.json',
    });
  });

  it('names every bad variable at once', () => {
    let err: unknown;
    try {
      loadReviewsConfig({
        PORT: 'eighty',
        MONGODB_URL: 'http://db',
        REUSE_PORT: 'maybe',
        BOOKINGS_URL: 'ftp://b',
        SWEEP_INTERVAL_MS: '5',
        TOTALS_CHECK_INTERVAL_MS: '10',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'REUSE_PORT', 'BOOKINGS_URL', 'SWEEP_INTERVAL_MS', 'TOTALS_CHECK_INTERVAL_MS']) expect(problems).toContain(name);
  });

  it("does not read bookings' RECONCILE_INTERVAL_MS (one environment may hold both services' variables)", () => {
    expect(loadReviewsConfig({ RECONCILE_INTERVAL_MS: '60000' }).TOTALS_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(loadReviewsConfig({ TOTALS_CHECK_INTERVAL_MS: '7200000' }).TOTALS_CHECK_INTERVAL_MS).toBe(7_200_000);
  });

  it('refuses the embedded store in production unless explicitly allowed', () => {
    expect(() => loadReviewsConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(loadReviewsConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8087);
    expect(loadReviewsConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, MONGODB_URL: 'mongodb://db:27017/reviews' }).MONGODB_URL).toBe(
      'mongodb://db:27017/reviews',
    );
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadReviewsConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
