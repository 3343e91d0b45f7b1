import { describe, expect, it } from 'bun:test';
import type { ConfigError } from '@tm/shared';
import { TEST_CREDENTIAL_ENV } from '@tm/shared/testing';
import { loadAuthConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadAuthConfig(env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

const PRODUCTION = {
  NODE_ENV: 'production',
  ...TEST_CREDENTIAL_ENV,
  JWT_PRIVATE_KEY: '{"kty":"OKP"}',
  OTP_HMAC_SECRET: 'x'.repeat(32),
  MONGODB_URL: 'mongodb://db:27017/auth',
  REDIS_URL: 'redis://cache:6379',
  SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  RESET_URL_BASE: 'https://app.example.com/reset-password',
  EMAIL_CONFIRM_URL_BASE: 'https://app.example.com/confirm-email',
};

describe('auth configuration', () => {
  it('runs on development defaults with nothing set', () => {
    const c = loadAuthConfig({});
    expect(c.PORT).toBe(8081);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.RESET_URL_BASE).toBe('http://localhost:3000/reset-password');
    expect(c.IDP_ISSUER).toEqual([]);
    expect(c.SMS_COUNTRY_CODES).toEqual(['+91', '+971', '+49', '+1', '+61']);
  });

  it('refuses to start in production without a signing key or with embedded defaults', () => {
    const problems = problemsOf({ NODE_ENV: 'production', ...TEST_CREDENTIAL_ENV });
    for (const name of [
      'JWT_PRIVATE_KEY',
      'OTP_HMAC_SECRET',
      'MONGODB_URL',
      'REDIS_URL',
      'SMS_WEBHOOK_URL',
      'SMTP_URL',
      'RESET_URL_BASE',
      'EMAIL_CONFIRM_URL_BASE',
    ]) {
      expect(problems.some((p) => p.startsWith(`${name}:`))).toBe(true);
    }
  });

  it('starts in production when everything is configured', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
  });

  it('refuses a plain-http reset link in production', () => {
    expect(problemsOf({ ...PRODUCTION, RESET_URL_BASE: 'http://app.example.com/reset' })[0]).toStartWith('RESET_URL_BASE');
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      SMTP_URL: 'http://x',
      OTP_HMAC_SECRET: 'short',
      WIDGET_VERIFY_URL: 'https://w.example.com',
      IDP_JWKS_URL: 'https://idp.example.com/jwks',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'OTP_HMAC_SECRET', 'SMTP_URL']);
    const cross = problemsOf({ WIDGET_VERIFY_URL: 'https://w.example.com', IDP_JWKS_URL: 'https://idp.example.com/jwks', BOOTSTRAP_ADMIN_EMAIL: 'a@b.co' });
    expect(cross.map((p) => p.split(':')[0])).toEqual(['WIDGET_AUTH_KEY', 'IDP_ISSUER, IDP_AUDIENCE', 'BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_PASSWORD']);
  });

  it('refuses a bootstrap admin with a short password or a bad mobile', () => {
    const problems = problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'root@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'short', BOOTSTRAP_ADMIN_MOBILE: '0151' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['BOOTSTRAP_ADMIN_PASSWORD', 'BOOTSTRAP_ADMIN_MOBILE']);
  });

  it('holds the bootstrap admin password to the same policy as a reset', () => {
    for (const weak of ['password123', 'aaaaaaaaaaaa']) {
      expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'root@example.com', BOOTSTRAP_ADMIN_PASSWORD: weak })).toEqual([
        'BOOTSTRAP_ADMIN_PASSWORD: The password is too easy to guess; choose another',
      ]);
    }
    expect(problemsOf({ BOOTSTRAP_ADMIN_EMAIL: 'root@example.com', BOOTSTRAP_ADMIN_PASSWORD: 'a long first password' })).toEqual([]);
  });

  it('reads SMS_COUNTRY_CODES as a list of country codes and refuses anything else', () => {
    expect(loadAuthConfig({ SMS_COUNTRY_CODES: '+49, +44' }).SMS_COUNTRY_CODES).toEqual(['+49', '+44']);
    expect(problemsOf({ SMS_COUNTRY_CODES: '49,+44' })[0]).toStartWith('SMS_COUNTRY_CODES');
  });

  it('reads the IdP issuer list as comma-separated values', () => {
    const c = loadAuthConfig({ IDP_JWKS_URL: 'https://idp.example.com/jwks', IDP_ISSUER: 'https://a.example.com, https://b.example.com', IDP_AUDIENCE: 'web' });
    expect(c.IDP_ISSUER).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
  it('refuses production without its service credentials, even with ALLOW_EMBEDDED_IN_PRODUCTION', () => {
    const problems = (() => {
      try {
        loadAuthConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_IN_PRODUCTION: 'true', SALES_EMAIL: 'sales@example.com' });
        return [];
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.split(':')[0]).filter((name) => name?.startsWith('SERVICE_'));
      }
    })();
    expect(problems).toEqual(['SERVICE_CREDENTIAL', 'SERVICE_CREDENTIALS_ACCEPTED']);
  });
});
