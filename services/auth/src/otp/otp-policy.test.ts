import { describe, expect, it } from 'bun:test';
import { DomainError } from '@tm/shared';
import { generateOtp, isOtpShape, macMatches, otpMac, otpText, parseMobile } from './otp-policy.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? err.code : 'other';
  }
  return 'none';
};

describe('otp policy', () => {
  it('accepts E.164 numbers of every market', () => {
    for (const m of ['+919876543210', '+971501234567', '+4915112345678', '+14155550123', '+61412345678']) expect(parseMobile(m)).toBe(m);
  });

  it('refuses numbers that are not E.164 as INVALID_MOBILE', () => {
    for (const m of ['4915112345678', '+49 151 12345678', '+0123456789', '+49', 'abc', '+4915112345678901234'])
      expect(codeOf(() => parseMobile(m))).toBe('INVALID_MOBILE');
  });

  it('refuses E.164 numbers outside the markets as MOBILE_NOT_SUPPORTED', () => {
    expect(codeOf(() => parseMobile('+447700900123'))).toBe('MOBILE_NOT_SUPPORTED');
    expect(codeOf(() => parseMobile('+33612345678'))).toBe('MOBILE_NOT_SUPPORTED');
  });

  it('serves the country codes it is given instead of the markets when configured', () => {
    expect(parseMobile('+447700900123', ['+44'])).toBe('+447700900123');
    expect(codeOf(() => parseMobile('+4915112345678', ['+44']))).toBe('MOBILE_NOT_SUPPORTED');
  });

  it('generates six-digit codes that vary', () => {
    const codes = Array.from({ length: 50 }, generateOtp);
    expect(codes.every(isOtpShape)).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(40);
  });

  it('binds a code to its number and secret', () => {
    const mac = otpMac('secret', '+4915112345678', '123456');
    expect(macMatches(mac, otpMac('secret', '+4915112345678', '123456'))).toBe(true);
    expect(macMatches(mac, otpMac('secret', '+4915112345679', '123456'))).toBe(false);
    expect(macMatches(mac, otpMac('other', '+4915112345678', '123456'))).toBe(false);
    expect(mac).not.toContain('123456');
  });

  it('treats only six digits as a code', () => {
    expect(isOtpShape('12345')).toBe(false);
    expect(isOtpShape('12345a')).toBe(false);
    expect(isOtpShape('123456')).toBe(true);
  });

  it('puts the code in the SMS text', () => {
    expect(otpText('042042')).toContain('042042');
  });
});
