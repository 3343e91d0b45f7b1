/**
 * All nine auth operations end to end through the gateway, with real Redis behind auth and the
 * gateway's limiter, and real provider peers (SMS webhook, widget verifier, identity provider,
 * SMTP server) on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { decodeQuotedPrintable, eventually, startIdp, startSmsReceiver, startSmtpServer, startWidgetVerifier } from '@tm/auth/testing';
import { testRedisUrl } from '@tm/shared/testing';
import { Redis } from 'ioredis';
import { type RunningSystem, startSystem } from './support/system.ts';

const prefix = `test:e2e:${crypto.randomUUID()}:`;
const redis = new Redis(testRedisUrl(), { lazyConnect: true });
const admin = { email: 'ops-admin@talent.example', password: 'correct horse battery staple' };
let sys: RunningSystem;
let sms: ReturnType<typeof startSmsReceiver>;
let widget: ReturnType<typeof startWidgetVerifier>;
let idp: Awaited<ReturnType<typeof startIdp>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  sms = startSmsReceiver();
  widget = startWidgetVerifier('widget-key');
  idp = await startIdp({ issuer: 'https://idp.test', audience: 'marketplace-web' });
  smtp = await startSmtpServer();
  sys = await startSystem({
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    SMS_WEBHOOK_URL: sms.url,
    WIDGET_VERIFY_URL: widget.url,
    WIDGET_AUTH_KEY: 'widget-key',
    IDP_JWKS_URL: idp.jwksUrl,
    IDP_ISSUER: idp.issuer,
    IDP_AUDIENCE: idp.audience,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Talent Marketplace <no-reply@talent.example>',
    RESET_URL_BASE: 'https://talent.example/reset-password',
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
}, 60_000);

afterAll(async () => {
  await sys?.stop();
  sms?.stop();
  widget?.stop();
  idp?.stop();
  await smtp?.stop();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sys.gateway}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
async function session(res: Response) {
  expect(res.status).toBe(200);
  const { data } = await res.json();
  expect(data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
  expect(typeof data.accessToken).toBe('string');
  expect(typeof data.refreshToken).toBe('string');
  return data as { accessToken: string; refreshToken: string; user: { id: string; role: string } };
}
const me = (token: string) => fetch(`${sys.gateway}/api/account/me`, { headers: { Authorization: `Bearer ${token}` } });

describe('auth through the gateway with real Redis and real providers', () => {
  it('signs in by SMS code delivered to the webhook, once only, with a resend cooldown', async () => {
    const mobile = '+919876543210';
    expect((await post('/auth/send-otp', { mobile })).status).toBe(200);
    const again = await post('/auth/send-otp', { mobile });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const otp = await eventually(() => sms.messages.find((m) => m.to === mobile) && sms.codeFor(mobile));
    const s = await session(await post('/auth/verify-otp', { mobile, otp }));
    expect(s.user.role).toBe('customer');
    const replay = await post('/auth/verify-otp', { mobile, otp });
    expect(replay.status).toBe(400);
    expect(await redis.keys(`${prefix}*`)).not.toHaveLength(0);
  });

  it('exchanges a widget token once for the number the provider vouches for', async () => {
    widget.tokens.set('widget-token-1', '971501234567');
    const s = await session(await post('/auth/verify-widget-token', { token: 'widget-token-1' }));
    expect((await (await me(s.accessToken)).json()).data.mobile).toBe('+971501234567');
    expect((await post('/auth/verify-widget-token', { token: 'widget-token-1' })).status).toBe(400);
  });

  it('signs in with an identity-provider ID token', async () => {
    const idToken = await idp.mint({ sub: 'idp-user-1', email: 'dana@talent.example', email_verified: true }, { nowS: Math.floor(Date.now() / 1000) });
    const s = await session(await post('/auth/idp-signin', { idToken }));
    expect(s.user.role).toBe('customer');
    expect((await post('/auth/idp-signin', { idToken: `${idToken.slice(0, -4)}AAAA` })).status).toBe(400);
  });

  it('logs the bootstrap admin in, refreshes, and resets the password by the mailed link', async () => {
    const s = await session(await post('/auth/staff-password-login', { identifier: admin.email, password: admin.password }));
    expect(s.user.role).toBe('admin');
    const refreshed = await post('/auth/refresh', { refreshToken: s.refreshToken });
    expect(Object.keys((await refreshed.json()).data)).toEqual(['accessToken']);

    const forgot = await post('/auth/forgot-password', { email: admin.email });
    expect((await forgot.json()).data).toEqual({ sent: true });
    const unknown = await post('/auth/forgot-password', { email: 'nobody@talent.example' });
    expect((await unknown.json()).data).toEqual({ sent: true });
    const mail = await eventually(() => smtp.inbox.find((m) => m.to.includes(admin.email)));
    const link = decodeQuotedPrintable(mail.raw).match(/https:\/\/talent\.example\/reset-password\?token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const newPassword = 'a brand new passphrase';
    const reset = await post('/auth/reset-password', { token: link?.[1], newPassword });
    expect((await reset.json()).data).toEqual({ updated: true });
    expect((await post('/auth/reset-password', { token: link?.[1], newPassword })).status).toBe(400);
    // Every old session is revoked; the new password works, the old one does not.
    expect((await post('/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(400);
    expect((await post('/auth/staff-password-login', { identifier: admin.email, password: admin.password })).status).toBe(400);
    await session(await post('/auth/staff-password-login', { identifier: admin.email, password: newPassword }));
  });

  it('hands out guest sessions that see themselves as guests', async () => {
    const s = await session(await post('/auth/guest-access', {}));
    expect((await (await me(s.accessToken)).json()).data.role).toBe('guest');
  });

  it('counts the gateway limits in Redis and reports them in headers', async () => {
    const res = await fetch(`${sys.gateway}/api/services/catalog`);
    expect(res.headers.get('ratelimit-limit')).toBe('100000');
    const ready = await (await fetch(`${sys.gateway}/readyz`)).json();
    expect(JSON.stringify(ready.dependencies)).toContain('redis');
    expect((await redis.keys(`${prefix}*`)).some((k) => k.includes('ip:'))).toBe(true);
  });
});
