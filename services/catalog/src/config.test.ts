import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { catalogSeedMode, loadCatalogConfig } from './config.ts';

describe('catalog config', () => {
  it('has development defaults', () => {
    expect(loadCatalogConfig({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8082,
      TALENT_URL: 'http://127.0.0.1:8083',
      TALENT_TIMEOUT_MS: 800,
      CATALOG_CACHE_MAX_AGE_MS: 5000,
      CATALOG_WHOLE_LIST_BUDGET_MB: 64,
      CATALOG_SEED: 'auto',
    });
  });

  it('names every bad variable at once', () => {
    try {
      loadCatalogConfig({ PORT: 'eighty', TALENT_URL: 'ftp://x', TALENT_TIMEOUT_MS: '0', CATALOG_WHOLE_LIST_BUDGET_MB: '-1' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'TALENT_URL', 'TALENT_TIMEOUT_MS', 'CATALOG_WHOLE_LIST_BUDGET_MB']) expect(msg).toContain(name);
    }
  });

  it('takes a whole-list budget of 0 (keep no body) and refuses a fraction', () => {
    expect(loadCatalogConfig({ CATALOG_WHOLE_LIST_BUDGET_MB: '0' }).CATALOG_WHOLE_LIST_BUDGET_MB).toBe(0);
    expect(loadCatalogConfig({ CATALOG_WHOLE_LIST_BUDGET_MB: '256' }).CATALOG_WHOLE_LIST_BUDGET_MB).toBe(256);
    expect(() => loadCatalogConfig({ CATALOG_WHOLE_LIST_BUDGET_MB: '0.5' })).toThrow('CATALOG_WHOLE_LIST_BUDGET_MB');
  });

  it('refuses the embedded store in production', () => {
    expect(() => loadCatalogConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow('MONGODB_URL');
    // A ConfigError, so main.ts logs it as one line and exits 78 like every other bad value.
    expect(() => loadCatalogConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(loadCatalogConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, MONGODB_URL: 'mongodb://db:27017/catalog' }).MONGODB_URL).toBe(
      'mongodb://db:27017/catalog',
    );
  });

  it('seeds by SEED, and by its old name CATALOG_SEED (with a deprecation warning) only while SEED is unset', () => {
    const mode = (env: Record<string, string>) => catalogSeedMode(loadCatalogConfig(env), env);
    expect(mode({})).toEqual({ mode: 'auto' });
    expect(mode({ SEED: 'never' })).toEqual({ mode: 'never' });
    expect(mode({ CATALOG_SEED: 'always' })).toEqual({ mode: 'always', warning: 'CATALOG_SEED is deprecated: set SEED=always instead' });
    expect(mode({ SEED: 'never', CATALOG_SEED: 'always' }).mode).toBe('never');
    expect(() => loadCatalogConfig({ SEED: 'yes' })).toThrow('SEED');
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadCatalogConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
