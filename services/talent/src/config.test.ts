import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadTalentConfig, talentSeedMode } from './config.ts';

describe('loadTalentConfig', () => {
  it('defaults to 127.0.0.1:8083 with the embedded store', () => {
    expect(loadTalentConfig({})).toEqual({
      HOST: '127.0.0.1',
      PORT: 8083,
      REUSE_PORT: false,
      MONGODB_URL: undefined,
      MONGODB_TIMEOUT_MS: 5000,
      MONGODB_MAX_POOL_SIZE: 20,
      MONGODB_MIN_POOL_SIZE: 0,
      SEED_ON_START: false,
      REVIEWS_URL: 'http://127.0.0.1:8087',
      REVIEWS_TIMEOUT_MS: 500,
      RATINGS_CACHE_MS: 30_000,
      LOG_LEVEL: undefined,
      METRICS_TOKEN: undefined,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      SERVICE_CREDENTIAL: undefined,
      SERVICE_CREDENTIALS_ACCEPTED: undefined,
    });
  });

  it('names every bad variable at once', () => {
    const err = (() => {
      try {
        loadTalentConfig({ PORT: 'eighty', MONGODB_URL: 'http://db', SEED_ON_START: 'maybe' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'SEED_ON_START']) expect(problems).toContain(name);
  });

  it('refuses the embedded store in production unless explicitly allowed', () => {
    expect(() => loadTalentConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(loadTalentConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8083);
    expect(loadTalentConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, MONGODB_URL: 'mongodb://db:27017/talent' }).MONGODB_URL).toBe(
      'mongodb://db:27017/talent',
    );
  });

  it('seeds by SEED like every service, and by SEED_ON_START (true: always, false: auto, with a deprecation warning) only while SEED is unset', () => {
    const mode = (env: Record<string, string>) => talentSeedMode(loadTalentConfig(env), env);
    expect(mode({})).toEqual({ mode: 'auto' });
    expect(mode({ SEED: 'always' })).toEqual({ mode: 'always' });
    expect(mode({ SEED_ON_START: 'true' })).toEqual({ mode: 'always', warning: 'SEED_ON_START is deprecated: set SEED=always instead' });
    expect(mode({ SEED_ON_START: 'false' }).mode).toBe('auto');
    expect(mode({ SEED: 'never', SEED_ON_START: 'true' }).mode).toBe('never');
    expect(() => loadTalentConfig({ SEED: 'true' })).toThrow(ConfigError);
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadTalentConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
