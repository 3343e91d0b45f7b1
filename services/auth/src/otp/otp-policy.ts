import { createHmac, timingSafeEqual } from 'node:crypto';
import { isE164, MARKETS } from '@tm/contracts';
import { DomainError } from '@tm/shared';

/** DESIGN.md "Auth rules": OTP lifetime, tries, cooldown and hourly caps. */
export const OTP_POLICY = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 30_000,
  windowMs: 60 * 60_000,
  sendsPerNumberPerWindow: 5,
  sendsPerIpPerWindow: 10,
} as const;

/** The country codes SMS sign-in serves by default: those of the markets (+91 +971 +49 +1 +61). */
export const MARKET_COUNTRY_CODES: readonly string[] = Object.values(MARKETS).map((m) => m.smsCountryCode);

/**
 * An E.164 number we may text: INVALID_MOBILE for anything else, MOBILE_NOT_SUPPORTED outside
 * `countryCodes` (SMS_COUNTRY_CODES, the markets' codes by default).
 */
export function parseMobile(raw: string, countryCodes: readonly string[] = MARKET_COUNTRY_CODES): string {
  if (!isE164(raw)) throw new DomainError('INVALID_MOBILE', 'mobile must be an E.164 number such as +4915112345678');
  if (!countryCodes.some((cc) => raw.startsWith(cc))) throw new DomainError('MOBILE_NOT_SUPPORTED', 'SMS sign-in is not available for this country code');
  return raw;
}

/** Six digits from the CSPRNG, uniform (rejection sampling avoids modulo bias). */
export function generateOtp(): string {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    crypto.getRandomValues(buf);
    const n = buf[0] as number;
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

/** The stored form of a code: an HMAC bound to its number, so a leaked store reveals no code. */
export function otpMac(secret: string, mobile: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobile}\n${code}`).digest('hex');
}

/** Constant-time comparison of two hex MACs. */
export function macMatches(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** True for something shaped like a code; anything else is refused without spending a try. */
export function isOtpShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The SMS body; the code leads so phones can offer autofill. */
export function otpText(code: string): string {
  return `${code} is your Talent Marketplace sign-in code. It expires in 5 minutes. Never share it with anyone.`;
}
