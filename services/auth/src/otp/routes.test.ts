import { afterAll, describe, expect, it } from 'bun:test';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { createWebhookSmsSender } from '../sms/sms-sender.ts';
import { createAuthUnderTest } from '../testing/auth-under-test.ts';
import { startSmsReceiver } from '../testing/peers.ts';

const sms = startSmsReceiver();
const redis = redisKeyValueStoreUnderTest('auth');
afterAll(async () => {
  sms.stop();
  await redis.cleanup();
});

let n = 0;
const freshMobile = () => `+91987${String(Date.now() % 1e4).padStart(4, '0')}${String(n++).padStart(3, '0')}`;
const ipHeader = () => ({ 'x-forwarded-for': `203.0.113.${n++ % 250}` });

async function setup(kind: 'embedded' | 'redis' = 'embedded') {
  return createAuthUnderTest({
    sms: createWebhookSmsSender({ url: sms.url, timeoutMs: 2000 }),
    ...(kind === 'redis' ? { keyValue: redis.store } : {}),
  });
}

for (const kind of ['embedded', 'redis'] as const) {
  describe(`SMS code sign-in on ${kind}`, () => {
    it('texts a code through the webhook and signs the customer in with it', async () => {
      const { call } = await setup(kind);
      const mobile = freshMobile();
      const sent = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ success: true, data: { sent: true } });
      const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp: sms.codeFor(mobile) } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, user: { role: 'customer' } });
      const me = await call('GET', '/account/me', { headers: { authorization: `Bearer ${res.body.data.accessToken}` } });
      expect(me.body.data).toMatchObject({ id: res.body.data.user.id, role: 'customer', mobile });
    });

    it('signs the same number into the same customer every time', async () => {
      const { call, clock } = await setup(kind);
      const mobile = freshMobile();
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
        const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp: sms.codeFor(mobile) } });
        ids.push(res.body.data.user.id);
        clock.advance(31_000);
        if (kind === 'redis') await redis.store.del(`otp:{${mobile}}:cooldown`);
      }
      expect(ids[0]).toBe(ids[1] as string);
    });

    it('answers a wrong code with 400 INVALID_OTP', async () => {
      const { call } = await setup(kind);
      const mobile = freshMobile();
      await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      const wrong = sms.codeFor(mobile) === '123456' ? '654321' : '123456';
      const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp: wrong } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_OTP');
    });

    it('refuses a replay of a used code', async () => {
      const { call } = await setup(kind);
      const mobile = freshMobile();
      await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      const otp = sms.codeFor(mobile);
      expect((await call('POST', '/auth/verify-otp', { body: { mobile, otp } })).status).toBe(200);
      const replay = await call('POST', '/auth/verify-otp', { body: { mobile, otp } });
      expect(replay.status).toBe(400);
      expect(replay.body.error?.code).toBe('INVALID_OTP');
    });

    it('refuses a code sent to one number when used for another', async () => {
      const { call } = await setup(kind);
      const [a, b] = [freshMobile(), freshMobile()];
      await call('POST', '/auth/send-otp', { body: { mobile: a }, headers: ipHeader() });
      await call('POST', '/auth/send-otp', { body: { mobile: b }, headers: ipHeader() });
      const res = await call('POST', '/auth/verify-otp', { body: { mobile: b, otp: sms.codeFor(a) } });
      if (sms.codeFor(a) !== sms.codeFor(b)) expect(res.body.error?.code).toBe('INVALID_OTP');
      const other = await call('POST', '/auth/verify-otp', { body: { mobile: freshMobile(), otp: sms.codeFor(a) } });
      expect(other.status).toBe(400);
      expect(other.body.error?.code).toBe('INVALID_OTP');
    });

    it('answers a quick resend with 429 OTP_COOLDOWN and Retry-After', async () => {
      const { call } = await setup(kind);
      const mobile = freshMobile();
      await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      const res = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      expect(res.status).toBe(429);
      expect(res.body.error?.code).toBe('OTP_COOLDOWN');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    });

    it('caps sends from one client IP at 10 an hour with 429 OTP_SEND_LIMIT', async () => {
      const { call } = await setup(kind);
      const ip = { 'x-forwarded-for': crypto.randomUUID() };
      const otherIp = { 'x-forwarded-for': crypto.randomUUID() };
      for (let i = 0; i < 10; i++) expect((await call('POST', '/auth/send-otp', { body: { mobile: freshMobile() }, headers: ip })).status).toBe(200);
      const res = await call('POST', '/auth/send-otp', { body: { mobile: freshMobile() }, headers: ip });
      expect(res.status).toBe(429);
      expect(res.body.error?.code).toBe('OTP_SEND_LIMIT');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await call('POST', '/auth/send-otp', { body: { mobile: freshMobile() }, headers: otherIp })).status).toBe(200);
    });
  });
}

describe('SMS code sign-in rules', () => {
  it('caps sends per number at 5 an hour with Retry-After', async () => {
    const { call, clock } = await setup();
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() })).status).toBe(200);
      clock.advance(31_000);
    }
    const res = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
    expect(res.status).toBe(429);
    expect(res.body.error?.code).toBe('OTP_SEND_LIMIT');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('invalidates the code on the fifth wrong try', async () => {
    const { call } = await setup();
    const mobile = freshMobile();
    await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
    const otp = sms.codeFor(mobile);
    const wrong = otp === '000000' ? '999999' : '000000';
    for (let i = 0; i < 5; i++) expect((await call('POST', '/auth/verify-otp', { body: { mobile, otp: wrong } })).body.error?.code).toBe('INVALID_OTP');
    const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_OTP');
  });

  it('refuses an expired code (clock moved past five minutes)', async () => {
    const { call, clock } = await setup();
    const mobile = freshMobile();
    await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
    clock.advance(5 * 60_000 + 1000);
    const res = await call('POST', '/auth/verify-otp', { body: { mobile, otp: sms.codeFor(mobile) } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_OTP');
  });

  it('refuses non-E.164 numbers with 400 INVALID_MOBILE and sends nothing', async () => {
    const { call } = await setup();
    const before = sms.messages.length;
    for (const mobile of ['09876543210', '+91 98765 43210', 'hello', '']) {
      const res = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('INVALID_MOBILE');
    }
    expect(sms.messages.length).toBe(before);
  });

  it('refuses numbers outside the markets with 400 MOBILE_NOT_SUPPORTED', async () => {
    const { call } = await setup();
    const res = await call('POST', '/auth/send-otp', { body: { mobile: '+447700900123' }, headers: ipHeader() });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('MOBILE_NOT_SUPPORTED');
  });

  it('answers 400 SMS_DELIVERY_FAILED when the SMS provider refuses, and allows an immediate retry', async () => {
    const { call } = await setup();
    const mobile = freshMobile();
    sms.state.failWith = 500;
    const res = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() });
    sms.state.failWith = 0;
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('SMS_DELIVERY_FAILED');
    expect((await call('POST', '/auth/send-otp', { body: { mobile }, headers: ipHeader() })).status).toBe(200);
  });

  it('refuses a body without mobile, or a code that is not six digits, with 400', async () => {
    const { call } = await setup();
    const missing = await call('POST', '/auth/send-otp', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe('VALIDATION_FAILED');
    const res = await call('POST', '/auth/verify-otp', { body: { mobile: freshMobile(), otp: 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('INVALID_OTP');
  });

  it('writes the code to the log in development (the dev outbox)', async () => {
    const { call, logger } = await createAuthUnderTest();
    const mobile = freshMobile();
    await call('POST', '/auth/send-otp', { body: { mobile } });
    const line = logger.lines.find((l) => l.msg === 'sms (dev outbox)' && l.to === mobile);
    expect(String(line?.text)).toMatch(/\b\d{6}\b/);
  });
});
