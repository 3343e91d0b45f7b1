import { describe, expect, it } from 'bun:test';
import { assertMinorUnits, formatMinor, multiplyMinor, percentOfMinor, roundHalfUp, sumMinor } from './money.ts';

describe('money on integer minor units', () => {
  it('rounds half away from zero, absorbing binary noise', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4999)).toBe(2);
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(roundHalfUp(1.005 * 100)).toBe(101);
  });

  it('multiplies a rate by fractional hours and rounds once', () => {
    expect(multiplyMinor(8_500, 1.5)).toBe(12_750);
    expect(multiplyMinor(333, 1.333)).toBe(444); // 443.889 -> 444
    expect(multiplyMinor(1, 0.5)).toBe(1);
  });

  it('takes a percentage in basis points, rounding half up', () => {
    expect(percentOfMinor(10_000, 1_800)).toBe(1_800);
    expect(percentOfMinor(1_250, 1_900)).toBe(238); // 237.5 -> 238
    expect(percentOfMinor(999, 0)).toBe(0);
    // 12345 x 0.19 = 2345.55 -> 2346 ; 50 x 0.05 = 2.5 -> 3 ; 49 x 0.05 = 2.45 -> 2
    expect(percentOfMinor(12_345, 1900)).toBe(2346);
    expect(percentOfMinor(50, 500)).toBe(3);
    expect(percentOfMinor(49, 500)).toBe(2);
    expect(percentOfMinor(123_456, 0)).toBe(0);
  });

  it('stays exact when amount x basis points passes 2^53', () => {
    // 6_000_000_000_001 x 1900 = 11_400_000_000_001_900 > 2^53; / 10000 = 1_140_000_000_000.19
    expect(percentOfMinor(6_000_000_000_001, 1900)).toBe(1_140_000_000_000);
    // 7_000_000_000_005 x 1800 = 12_600_000_000_009_000; / 10000 = 1_260_000_000_000.9 -> up
    expect(percentOfMinor(7_000_000_000_005, 1800)).toBe(1_260_000_000_001);
  });

  it('refuses fractional minor units', () => {
    expect(() => assertMinorUnits(1.5)).toThrow(RangeError);
    expect(() => multiplyMinor(1.5, 2)).toThrow(RangeError);
    expect(sumMinor([1, 2, 3])).toBe(6);
  });

  it('formats minor units as a decimal amount with its currency', () => {
    expect(formatMinor({ amount: 123_456, currency: 'INR' })).toBe('1234.56 INR');
    expect(formatMinor({ amount: 5, currency: 'EUR' })).toBe('0.05 EUR');
    expect(formatMinor({ amount: -250, currency: 'USD' })).toBe('-2.50 USD');
  });
});
