import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
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
    });
  });

  it('names every bad variable at once', () => {
    let err: unknown;
    try {
      loadReviewsConfig({ PORT: 'eighty', MONGODB_URL: 'http://db', REUSE_PORT: 'maybe' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'REUSE_PORT']) expect(problems).toContain(name);
  });

  it('refuses the embedded store in production unless explicitly allowed', () => {
    expect(() => loadReviewsConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadReviewsConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8087);
    expect(loadReviewsConfig({ NODE_ENV: 'production', MONGODB_URL: 'mongodb://db:27017/reviews' }).MONGODB_URL).toBe('mongodb://db:27017/reviews');
  });
});
