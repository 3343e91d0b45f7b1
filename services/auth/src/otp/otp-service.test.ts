import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, type DomainError, silentLogger } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { createEmbeddedKeyValueStore } from '@tm/shared/store/embedded';
import { redisKeyValueStoreUnderTest } from '@tm/shared/testing';
import { MARKET_COUNTRY_CODES } from './otp-policy.ts';
import { createOtpService } from './otp-service.ts';

/** The same rules on the embedded store and on the real redis-server. */
const redis = redisKeyValueStoreUnderTest('auth');
afterAll(() => redis.cleanup());
const stores: { name: string; make: (clock: ReturnType<typeof createManualClock>) => KeyValueStore }[] = [
  { name: 'embedded', make: (clock) => createEmbeddedKeyValueStore({ clock }) },
  { name: 'redis', make: () => redis.store },
];

let counter = 0;
/** A fresh German number per test, so tests sharing the Redis prefix never collide. */
const freshMobile = () => `+49151${String(Date.now() % 1e5).padStart(5, '0')}${String(counter++).padStart(3, '0')}`;
const freshIp = () => `10.0.${counter++ % 250}.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;

function setup(store: (typeof stores)[number]) {
  const clock = createManualClock(Date.now());
  const outbox: { to: string; text: string }[] = [];
  const otp = createOtpService({
    keyValue: store.make(clock),
    clock,
    logger: silentLogger,
    otpSecret: 'a-test-secret-that-is-long-enough-0123',
    smsCountryCodes: MARKET_COUNTRY_CODES,
    sms: { send: async (m) => void outbox.push(m) },
  });
  const codeFor = (to: string) =>
    (outbox
      .filter((m) => m.to === to)
      .at(-1)
      ?.text.match(/\d{6}/)?.[0] ?? '') as string;
  return { clock, otp, outbox, codeFor };
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
    return { code: 'none' };
  } catch (err) {
    const e = err as DomainError;
    return { code: e.code, retryAfterS: e.retryAfterS };
  }
};

for (const store of stores) {
  describe(`otp service on ${store.name}`, () => {
    it('lets exactly one of two concurrent verifies of the same code succeed', async () => {
      const { otp, codeFor } = setup(store);
      const mobile = freshMobile();
      await otp.send(mobile, freshIp());
      const code = codeFor(mobile);
      const results = await Promise.allSettled([otp.verify(mobile, code), otp.verify(mobile, code)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((rejected.reason as DomainError).code).toBe('INVALID_OTP');
    });

    it('lets only one of two concurrent sends pass the cooldown', async () => {
      const { otp, outbox } = setup(store);
      const mobile = freshMobile();
      const results = await Promise.allSettled([otp.send(mobile, freshIp()), otp.send(mobile, freshIp())]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as DomainError).code).toBe('OTP_COOLDOWN');
      expect(outbox).toHaveLength(1);
    });

    it('answers a resend within 30 s with OTP_COOLDOWN and a Retry-After of at most 30 s', async () => {
      const { otp } = setup(store);
      const mobile = freshMobile();
      await otp.send(mobile, freshIp());
      const f = await failure(otp.send(mobile, freshIp()));
      expect(f.code).toBe('OTP_COOLDOWN');
      expect(f.retryAfterS).toBeGreaterThan(0);
      expect(f.retryAfterS).toBeLessThanOrEqual(30);
    });

    it('invalidates the code on the fifth wrong try', async () => {
      const { otp, codeFor } = setup(store);
      const mobile = freshMobile();
      await otp.send(mobile, freshIp());
      const code = codeFor(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await failure(otp.verify(mobile, wrong))).code).toBe('INVALID_OTP');
      expect((await failure(otp.verify(mobile, code))).code).toBe('INVALID_OTP');
    });

    it('accepts the right code after four wrong tries', async () => {
      const { otp, codeFor } = setup(store);
      const mobile = freshMobile();
      await otp.send(mobile, freshIp());
      const code = codeFor(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) await failure(otp.verify(mobile, wrong));
      expect(await otp.verify(mobile, code)).toBe(mobile);
    });

    it('refuses a code after five minutes', async () => {
      const { otp, codeFor, clock } = setup(store);
      const mobile = freshMobile();
      await otp.send(mobile, freshIp());
      clock.advance(5 * 60_000 + 1);
      expect((await failure(otp.verify(mobile, codeFor(mobile)))).code).toBe('INVALID_OTP');
    });

    it('caps sends per client IP at 10 an hour', async () => {
      const { otp } = setup(store);
      const ip = freshIp();
      for (let i = 0; i < 10; i++) await otp.send(freshMobile(), ip);
      const f = await failure(otp.send(freshMobile(), ip));
      expect(f.code).toBe('OTP_SEND_LIMIT');
      expect(f.retryAfterS).toBeGreaterThan(30 * 60);
      expect(f.retryAfterS).toBeLessThanOrEqual(3600);
    });
  });
}

describe('otp service resend rules (embedded, moving the clock)', () => {
  it('replaces the old code on resend', async () => {
    const { otp, outbox, clock } = setup(stores[0] as (typeof stores)[number]);
    const mobile = freshMobile();
    await otp.send(mobile, freshIp());
    const first = outbox.at(-1)?.text.match(/\d{6}/)?.[0] as string;
    clock.advance(31_000);
    await otp.send(mobile, freshIp());
    const second = outbox.at(-1)?.text.match(/\d{6}/)?.[0] as string;
    if (first !== second) expect((await failure(otp.verify(mobile, first))).code).toBe('INVALID_OTP');
    expect(await otp.verify(mobile, second)).toBe(mobile);
  });

  it('caps sends per number at 5 an hour, then lifts the cap after the hour', async () => {
    const { otp, clock } = setup(stores[0] as (typeof stores)[number]);
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++) {
      await otp.send(mobile, freshIp());
      clock.advance(31_000);
    }
    const f = await failure(otp.send(mobile, freshIp()));
    expect(f.code).toBe('OTP_SEND_LIMIT');
    expect(f.retryAfterS).toBeGreaterThan(3000);
    clock.advance(60 * 60_000);
    await otp.send(mobile, freshIp());
  });
});
