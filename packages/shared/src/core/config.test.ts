import { describe, expect, it } from 'bun:test';
import { ConfigError, loadConfig, productionProblems, read, redactCredentials } from './config.ts';

const spec = {
  PORT: read.port(8082),
  TALENT_URL: read.url(['http:', 'https:'], 'http://127.0.0.1:8083'),
  REDIS_URL: read.optionalUrl(['redis:', 'rediss:']),
  TRUST_PROXY: read.int(0, { min: 0, max: 10 }),
  CORS_ORIGINS: read.list(['http://localhost:3000']),
  DEBUG: read.bool(false),
};

describe('loadConfig', () => {
  it('applies defaults when variables are unset or empty', () => {
    const c = loadConfig({ PORT: '' }, spec);
    expect(c).toEqual({
      PORT: 8082,
      TALENT_URL: 'http://127.0.0.1:8083',
      REDIS_URL: undefined,
      TRUST_PROXY: 0,
      CORS_ORIGINS: ['http://localhost:3000'],
      DEBUG: false,
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('parses given values', () => {
    const c = loadConfig({ PORT: '9000', REDIS_URL: 'redis://r:6379', CORS_ORIGINS: 'https://a.com, https://b.com,', DEBUG: 'yes' }, spec);
    expect(c.PORT).toBe(9000);
    expect(c.REDIS_URL).toBe('redis://r:6379');
    expect(c.CORS_ORIGINS).toEqual(['https://a.com', 'https://b.com']);
    expect(c.DEBUG).toBe(true);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: '70000', TALENT_URL: 'ftp://x', REDIS_URL: 'not a url', TRUST_PROXY: '1.5', DEBUG: 'maybe' }, spec);
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const names = (e as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(['PORT', 'TALENT_URL', 'REDIS_URL', 'TRUST_PROXY', 'DEBUG']);
    }
  });

  it('reports a required variable without default as missing', () => {
    expect(() => loadConfig({}, { SECRET: read.string() })).toThrow('SECRET: is required');
  });
});

describe('productionProblems', () => {
  it('lists embedded defaults only under NODE_ENV=production', () => {
    expect(productionProblems({}, { MONGODB_URL: true })).toEqual([]);
    expect(productionProblems({ NODE_ENV: 'production' }, { MONGODB_URL: true, REDIS_URL: false })).toHaveLength(1);
    expect(productionProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }, { MONGODB_URL: true })).toEqual([]);
    for (const yes of ['1', 'yes', 'ON', ' true '])
      expect(productionProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: yes }, { MONGODB_URL: true })).toEqual([]);
    expect(productionProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'no' }, { MONGODB_URL: true })).toHaveLength(1);
    // A value that is no boolean is named, and every other problem still is too.
    expect(productionProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'sure' }, { MONGODB_URL: true, REDIS_URL: true })).toEqual([
      'ALLOW_EMBEDDED_IN_PRODUCTION: must be true or false, got "sure"',
      'MONGODB_URL: must be set when NODE_ENV=production (the embedded default is for development)',
      'REDIS_URL: must be set when NODE_ENV=production (the embedded default is for development)',
    ]);
    // Empty counts as unset, as for every variable.
    expect(productionProblems({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: '' }, { MONGODB_URL: true })).toHaveLength(1);
  });
});

describe('credentials in configuration errors', () => {
  it('never repeats the user-info of a malformed URL', () => {
    try {
      loadConfig({ SMTP_URL: 'smtps://user:s3cret@smtp example.com:465' }, { SMTP_URL: read.url(['smtp:', 'smtps:']) });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect((e as ConfigError).message).not.toContain('s3cret');
      expect((e as ConfigError).message).toContain('smtps://***@smtp example.com:465');
    }
  });

  it('leaves URLs without credentials as they are', () => {
    expect(redactCredentials('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactCredentials('redis://:pw@host:99999')).toBe('redis://***@host:99999');
  });
});
