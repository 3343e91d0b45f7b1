import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadGatewayConfig } from './config.ts';

describe('loadGatewayConfig', () => {
  it('falls back to the documented defaults when nothing is set', () => {
    const c = loadGatewayConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.AUTH_URL).toBe('http://127.0.0.1:8081');
    expect(c.CATALOG_URL).toBe('http://127.0.0.1:8082');
    expect(c.TALENT_URL).toBe('http://127.0.0.1:8083');
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.TRUST_PROXY).toBe(0);
    expect([c.RATE_LIMIT_WINDOW_S, c.RATE_LIMIT_ANON, c.RATE_LIMIT_AUTHENTICATED, c.RATE_LIMIT_AUTH_ROUTES]).toEqual([60, 300, 600, 30]);
    expect(c.MAX_BODY_BYTES).toBe(65_536);
    expect(c.HTTP_SERVER).toBe('bun');
  });

  it('takes HTTP_SERVER=node and refuses a server it does not know', () => {
    expect(loadGatewayConfig({ HTTP_SERVER: 'node' }).HTTP_SERVER).toBe('node');
    expect(() => loadGatewayConfig({ HTTP_SERVER: 'express' })).toThrow('HTTP_SERVER');
  });

  it('names every bad variable at once', () => {
    try {
      loadGatewayConfig({ PORT: 'x', TRUST_PROXY: '-1', CATALOG_URL: 'ftp://x', RATE_LIMIT_ANON: '0' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const names = (err as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(['CATALOG_URL', 'PORT', 'RATE_LIMIT_ANON', 'TRUST_PROXY']);
    }
  });

  it('normalises CORS origins to the form browsers send and refuses entries that are no origin', () => {
    expect(loadGatewayConfig({ CORS_ORIGINS: 'HTTPS://App.Example:443/, http://localhost:3000, *' }).CORS_ORIGINS).toEqual([
      'https://app.example',
      'http://localhost:3000',
      '*',
    ]);
    for (const bad of ['app.example', 'ftp://files.example']) {
      expect(() => loadGatewayConfig({ CORS_ORIGINS: bad })).toThrow('CORS_ORIGINS');
    }
  });

  it('refuses the in-memory limiter in production unless the operator allows embedded defaults', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow('REDIS_URL');
    expect(loadGatewayConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, REDIS_URL: 'redis://cache:6379/1' }).REDIS_URL).toBe('redis://cache:6379/1');
    expect(loadGatewayConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).REDIS_URL).toBeUndefined();
  });

  it('reads the CORS origin list', () => {
    expect(loadGatewayConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadGatewayConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL']);
  });
});
