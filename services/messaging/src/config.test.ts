import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadMessagingConfig } from './config.ts';

describe('loadMessagingConfig', () => {
  it('defaults to 127.0.0.1:8085 with the embedded stores, bookings and auth on their local ports', () => {
    const c = loadMessagingConfig({});
    expect(c).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8085,
      REUSE_PORT: false,
      MONGODB_URL: undefined,
      REDIS_URL: undefined,
      REDIS_PREFIX: 'messaging:',
      BOOKINGS_URL: 'http://127.0.0.1:8084',
      AUTH_URL: 'http://127.0.0.1:8081',
      PUBLIC_SITE_URL: 'http://localhost:8080',
      SMTP_URL: undefined,
      CHAT_MESSAGES_PER_MINUTE: 20,
      CHAT_HEARTBEAT_MS: 8000,
      SERVICE_CREDENTIAL: undefined,
      SERVICE_CREDENTIALS_ACCEPTED: undefined,
    });
    expect(c.jwksUrl).toBe('http://127.0.0.1:8081/.well-known/jwks.json');
  });

  it('names every bad variable at once, and keeps the heartbeat at or under 8 s', () => {
    let err: unknown;
    try {
      loadMessagingConfig({ PORT: 'eighty', MONGODB_URL: 'http://db', REUSE_PORT: 'maybe', CHAT_HEARTBEAT_MS: '9000', BOOKINGS_URL: 'ftp://x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'MONGODB_URL', 'REUSE_PORT', 'CHAT_HEARTBEAT_MS', 'BOOKINGS_URL']) expect(problems).toContain(name);
  });

  it('refuses the embedded stores and the dev outbox in production unless explicitly allowed', () => {
    let err: unknown;
    try {
      loadMessagingConfig({ NODE_ENV: 'production' });
    } catch (e) {
      err = e;
    }
    expect((err as ConfigError).problems.join('\n')).toContain('REDIS_URL');
    expect(loadMessagingConfig({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).PORT).toBe(8085);
    const prod = {
      NODE_ENV: 'production',
      ...TEST_CREDENTIAL_ENV,
      MONGODB_URL: 'mongodb://db:27017/messaging',
      REDIS_URL: 'redis://r:6379',
      SMTP_URL: 'smtp://mail:587',
    };
    expect(loadMessagingConfig(prod).MONGODB_URL).toBe('mongodb://db:27017/messaging');
  });

  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    let err: unknown;
    try {
      loadMessagingConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true' });
    } catch (e) {
      err = e;
    }
    const names = (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
    expect(names.sort()).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
