import { type Clock, DomainError, type Logger } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { countHit, secondsLeft, sha256Hex } from '../kv-limits.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import { generateOtp, isOtpShape, macMatches, OTP_POLICY, otpMac, otpText, parseMobile } from './otp-policy.ts';

/** What the OTP flow needs; the HMAC secret never leaves this module. */
export interface OtpServiceDeps {
  keyValue: KeyValueStore;
  clock: Clock;
  logger: Logger;
  sms: SmsSender;
  otpSecret: string;
  /** Country codes SMS may go to. */
  smsCountryCodes: readonly string[];
}

/**
 * A number's keys share the hash tag `{<mobile>}`, so a DEL of several of them is one command in
 * one slot on a Redis Cluster (without it: CROSSSLOT, and a send that half-failed).
 */
const keys = {
  code: (m: string) => `otp:{${m}}:code`,
  tries: (m: string) => `otp:{${m}}:tries`,
  cooldown: (m: string) => `otp:{${m}}:cooldown`,
  sends: (m: string) => `otp:{${m}}:sends`,
  ip: (ip: string) => `otp:ip:${sha256Hex(ip)}`,
};

const wrongCode = () => new DomainError('INVALID_OTP', 'The code is wrong or has expired; request a new one');

/**
 * SMS one-time codes. Every step is one atomic key-value command, so concurrency cannot beat
 * the rules: SET NX gates the resend cooldown, INCR counts sends and tries, and a code is
 * consumed with GETDEL compared against what was read, so only one verify can win it.
 */
export function createOtpService(deps: OtpServiceDeps) {
  const { keyValue: kv, clock } = deps;
  return {
    /** Texts a fresh code (replacing any older one), within cooldown and hourly caps. */
    async send(rawMobile: string, clientIp: string): Promise<void> {
      const mobile = parseMobile(rawMobile, deps.smsCountryCodes);
      if (!(await kv.set(keys.cooldown(mobile), '1', { px: OTP_POLICY.resendCooldownMs, nx: true }))) {
        const wait = await secondsLeft(kv, keys.cooldown(mobile), OTP_POLICY.resendCooldownMs);
        throw new DomainError('OTP_COOLDOWN', `Wait ${wait} s before requesting another code`, wait);
      }
      if ((await countHit(kv, keys.ip(clientIp), OTP_POLICY.windowMs)) > OTP_POLICY.sendsPerIpPerWindow) {
        const wait = await secondsLeft(kv, keys.ip(clientIp), OTP_POLICY.windowMs);
        throw new DomainError('OTP_SEND_LIMIT', 'Too many codes requested; try again later', wait);
      }
      if ((await countHit(kv, keys.sends(mobile), OTP_POLICY.windowMs)) > OTP_POLICY.sendsPerNumberPerWindow) {
        const wait = await secondsLeft(kv, keys.sends(mobile), OTP_POLICY.windowMs);
        throw new DomainError('OTP_SEND_LIMIT', 'Too many codes requested; try again later', wait);
      }
      const code = generateOtp();
      await kv.set(keys.code(mobile), `${clock.now()}.${otpMac(deps.otpSecret, mobile, code)}`, { px: OTP_POLICY.ttlMs });
      await kv.del(keys.tries(mobile));
      try {
        await deps.sms.send({ to: mobile, text: otpText(code) });
      } catch (err) {
        deps.logger.error('sms delivery failed', { error: String(err) });
        // Nothing was delivered: drop the code and the cooldown so the caller can simply retry.
        await kv.del(keys.code(mobile), keys.cooldown(mobile));
        throw new DomainError('SMS_DELIVERY_FAILED', 'The code could not be sent; try again shortly');
      }
    },

    /** The verified number when `code` is the live code for it; INVALID_OTP otherwise. */
    async verify(rawMobile: string, code: string): Promise<string> {
      const mobile = parseMobile(rawMobile, deps.smsCountryCodes);
      if (!isOtpShape(code)) throw wrongCode();
      const stored = await kv.get(keys.code(mobile));
      if (!stored) throw wrongCode();
      const [issuedAt, mac = ''] = stored.split('.');
      if (clock.now() - Number(issuedAt) > OTP_POLICY.ttlMs) {
        await kv.del(keys.code(mobile));
        throw wrongCode();
      }
      const tries = await countHit(kv, keys.tries(mobile), OTP_POLICY.ttlMs);
      if (tries > OTP_POLICY.maxAttempts) {
        await kv.del(keys.code(mobile));
        throw wrongCode();
      }
      if (!macMatches(mac, otpMac(deps.otpSecret, mobile, code))) {
        // The fifth wrong try burns the code: a new one must be requested.
        if (tries >= OTP_POLICY.maxAttempts) await kv.del(keys.code(mobile));
        throw wrongCode();
      }
      if ((await kv.getdel(keys.code(mobile))) !== stored) throw wrongCode();
      await kv.del(keys.tries(mobile));
      return mobile;
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
