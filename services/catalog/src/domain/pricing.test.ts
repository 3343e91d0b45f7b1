import { describe, expect, it } from 'bun:test';
import { MARKETS } from '@tm/contracts';
import { buildQuote, type LineInput, priceLine, QUOTE_VALIDITY_S, quoteLines } from './pricing.ts';

const line = (over: Partial<LineInput> = {}): LineInput => ({
  serviceId: 'id1',
  slug: 'react-developer',
  name: 'React Developer',
  unitAmount: 240000,
  minHours: 40,
  hours: 160,
  qty: 1,
  ...over,
});

describe('priceLine', () => {
  it('multiplies the hourly rate by the hours and the quantity', () => {
    const l = priceLine(line({ hours: 100, qty: 3 }));
    expect(l).toMatchObject({ hours: 100, billedHours: 100, qty: 3, unitAmount: 240000, amount: 72_000_000, minimumApplied: false });
    expect(l.note).toBeUndefined();
  });

  it('bills fewer hours than the minimum at the minimum and says so', () => {
    const l = priceLine(line({ hours: 10 }));
    expect(l.billedHours).toBe(40);
    expect(l.hours).toBe(10);
    expect(l.amount).toBe(9_600_000);
    expect(l.minimumApplied).toBe(true);
    expect(l.note).toContain('40-hour minimum');
  });

  it('does not apply the minimum when the hours equal it', () => {
    expect(priceLine(line({ hours: 40 })).minimumApplied).toBe(false);
  });

  it('writes the minimum note in the requested language', () => {
    expect(priceLine(line({ hours: 1 }), 'de').note).toContain('Minimum');
    expect(priceLine(line({ hours: 1 }), 'hi').note).toMatch(/[\u0900-\u097F]/);
    expect(priceLine(line({ hours: 1 }), 'ar').note).toMatch(/[\u0600-\u06FF]/);
  });

  it('rounds half a minor unit up for fractional hours (0.5 h of an odd rate)', () => {
    // 8501 x 0.5 = 4250.5 -> 4251
    expect(priceLine(line({ unitAmount: 8501, minHours: 0, hours: 0.5 })).amount).toBe(4251);
  });

  it('rounds below half down for hours such as 1.333', () => {
    // 7800 x 1.333 = 10397.4 -> 10397
    expect(priceLine(line({ unitAmount: 7800, minHours: 0, hours: 1.333 })).amount).toBe(10397);
  });

  it('rounds the hourly product before multiplying by qty, so qty 3 costs three single lines', () => {
    // 8501 x 0.5 = 4250.5 -> 4251, x 3 = 12753 (not roundHalfUp(12751.5) = 12752)
    const three = priceLine(line({ unitAmount: 8501, minHours: 0, hours: 0.5, qty: 3 }));
    const one = priceLine(line({ unitAmount: 8501, minHours: 0, hours: 0.5, qty: 1 }));
    expect(three.amount).toBe(12753);
    expect(three.amount).toBe(one.amount * 3);
  });

  it('absorbs binary noise: 1.005 h at 100 is 100.5 -> 101, not 100', () => {
    expect(priceLine(line({ unitAmount: 100, minHours: 0, hours: 1.005 })).amount).toBe(101);
  });

  it('always yields integer minor units', () => {
    for (const hours of [0.1, 0.25, 1.333, 2.675, 9999.999]) {
      expect(Number.isInteger(priceLine(line({ unitAmount: 7777, minHours: 0, hours })).amount)).toBe(true);
    }
  });
});

describe('buildQuote and quoteLines', () => {
  it('sums lines, taxes the subtotal and adds it to the total', () => {
    const q = quoteLines(MARKETS.DE, [line({ unitAmount: 7801, hours: 1.5, minHours: 0 }), line({ unitAmount: 8200, hours: 3, minHours: 0, qty: 2 })], 0);
    // 7801 x 1.5 = 11701.5 -> 11702 ; 8200 x 3 = 24600 x 2 = 49200
    expect(q.lines.map((l) => l.amount)).toEqual([11702, 49200]);
    expect(q.subtotal).toBe(60902);
    // 60902 x 0.19 = 11571.38 -> 11571
    expect(q.tax).toEqual({ name: 'USt', rateBasisPoints: 1900, amount: 11571 });
    expect(q.total).toBe(72473);
    expect(q.currency).toBe('EUR');
    expect(q.market).toBe('DE');
  });

  it('has no tax in the US market', () => {
    const q = quoteLines(MARKETS.US, [line({ unitAmount: 8500, hours: 10, minHours: 0 })], 0);
    expect(q.tax.amount).toBe(0);
    expect(q.total).toBe(q.subtotal);
  });

  it('is valid for thirty minutes from the given clock time', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const q = buildQuote(MARKETS.IN, [], now);
    expect(q.validForSeconds).toBe(QUOTE_VALIDITY_S);
    expect(q.validUntil).toBe('2026-11-22T12:30:00.000Z');
    expect(q.subtotal).toBe(0);
    expect(q.total).toBe(0);
  });
});
