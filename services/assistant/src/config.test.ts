import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadAssistantConfig } from './config.ts';

describe('loadAssistantConfig', () => {
  it('defaults to 127.0.0.1:8090, embedded stores, fallback mode and the designed quotas', () => {
    const config = loadAssistantConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8090,
      MONGODB_URL: undefined,
      REDIS_URL: undefined,
      LLM_API_KEY: undefined,
      LLM_TIMEOUT_MS: 30_000,
      LLM_MAX_TOOL_ROUNDS: 4,
      CHATBOT_MESSAGES_PER_SESSION_MINUTE: 20,
      CHATBOT_MESSAGES_PER_IP_DAY: 200,
      CHATBOT_HEARTBEAT_MS: 8_000,
      CATALOG_URL: 'http://127.0.0.1:8082',
      jwksUrl: 'http://127.0.0.1:8081/.well-known/jwks.json',
    });
  });

  it('names every bad variable at once', () => {
    let err: unknown;
    try {
      loadAssistantConfig({
        PORT: 'eighty',
        MONGODB_URL: 'http://db',
        LLM_BASE_URL: 'ftp://x',
        LLM_TIMEOUT_MS: '0',
        CHATBOT_HEARTBEAT_MS: '9000',
        LLM_MAX_TOOL_ROUNDS: '5',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'LLM_BASE_URL', 'LLM_TIMEOUT_MS', 'CHATBOT_HEARTBEAT_MS', 'LLM_MAX_TOOL_ROUNDS'])
      expect(problems).toContain(name);
  });

  it('refuses the embedded stores in production unless explicitly allowed, and runs there without a model key', () => {
    expect(() => loadAssistantConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV })).toThrow(ConfigError);
    expect(loadAssistantConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8090);
    const real = loadAssistantConfig({
      NODE_ENV: 'production',
      ...TEST_CREDENTIAL_ENV,
      MONGODB_URL: 'mongodb://db:27017/assistant',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(real.LLM_API_KEY).toBeUndefined();
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadAssistantConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL']);
  });
});
