import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadGrowthConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadGrowthConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.join('\n');
    throw e;
  }
  return '';
};

describe('loadGrowthConfig', () => {
  it('defaults to 127.0.0.1:8089 on the embedded stores, behind one trusted proxy hop, 5 leads per IP per 10 minutes', () => {
    const c = loadGrowthConfig({});
    expect([c.HOST, c.PORT, c.MONGODB_URL, c.REDIS_URL, c.TRUST_PROXY, c.LEADS_PER_IP, c.LEADS_WINDOW_S, c.FLAGS_REFRESH_MS]).toEqual([
      '127.0.0.1',
      8089,
      undefined,
      undefined,
      1,
      5,
      600,
      5000,
    ]);
    expect(c.jwksUrl).toBe('http://127.0.0.1:8081/.well-known/jwks.json');
    expect(c.MAX_BODY_BYTES).toBeGreaterThan(500 * 1024);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', MONGODB_URL: 'http://db', REDIS_URL: 'mongodb://x', SALES_EMAIL: 'nobody', LEADS_PER_IP: '0' });
    for (const name of ['PORT', 'MONGODB_URL', 'REDIS_URL', 'SALES_EMAIL', 'LEADS_PER_IP']) expect(problems).toContain(name);
  });

  it('refuses the embedded stores and the log mailer in production unless explicitly allowed', () => {
    const problems = problemsOf({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV });
    for (const name of ['MONGODB_URL', 'REDIS_URL', 'SMTP_URL']) expect(problems).toContain(name);
    expect(
      loadGrowthConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' }).PORT,
    ).toBe(8089);
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadGrowthConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
