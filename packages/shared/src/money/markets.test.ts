import { describe, expect, it } from 'bun:test';
import { MARKETS } from '@tm/contracts';
import { DomainError } from '../core/errors.ts';
import { marketForMobile, resolveLang, resolveMarket } from './markets.ts';

describe('markets', () => {
  it('defaults to India and accepts every market code in any case', () => {
    expect(resolveMarket(undefined).code).toBe('IN');
    expect(resolveMarket('  ').code).toBe('IN');
    expect(resolveMarket('de').currency).toBe('EUR');
    expect(resolveMarket('AE').currency).toBe('AED');
  });

  it('rejects an unknown country with INVALID_COUNTRY', () => {
    expect(() => resolveMarket('FR')).toThrow(DomainError);
    try {
      resolveMarket('XX');
    } catch (e) {
      expect((e as DomainError).code).toBe('INVALID_COUNTRY');
    }
  });

  it('maps a BCP-47 tag to its supported primary language, else English', () => {
    expect(resolveLang('de-DE')).toBe('de');
    expect(resolveLang('hi')).toBe('hi');
    expect(resolveLang('AR')).toBe('ar');
    expect(resolveLang('fr-FR')).toBe('en');
    expect(resolveLang(undefined)).toBe('en');
  });

  it('finds the market of an E.164 number by country code', () => {
    expect(marketForMobile('+4915112345678')?.code).toBe('DE');
    expect(marketForMobile('+971501234567')?.code).toBe('AE');
    expect(marketForMobile('+447700900000')).toBeUndefined();
    expect(
      Object.values(MARKETS)
        .map((m) => m.smsCountryCode)
        .sort(),
    ).toEqual(['+1', '+49', '+61', '+91', '+971']);
  });
});
