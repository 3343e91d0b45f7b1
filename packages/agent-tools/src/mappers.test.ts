import { describe, expect, it } from 'bun:test';
import { MARKETS } from '@tm/contracts';
import { absoluteUrl, toMarketInfo, toMoney, toQuote, toServiceDetail } from './mappers.ts';

describe('toMoney', () => {
  it('keeps integer minor units and adds the formatted amount', () => {
    expect(toMoney(936_000, 'EUR')).toEqual({ amount: 936_000, currency: 'EUR', formatted: '9360.00 EUR' });
  });
});

describe('toMarketInfo', () => {
  it('shows the tax rate as a percentage and marks the default market', () => {
    expect(toMarketInfo(MARKETS.IN, 'IN')).toMatchObject({ code: 'IN', currency: 'INR', taxPercent: '18%', isDefault: true, languages: ['en', 'hi'] });
    expect(toMarketInfo(MARKETS.US, 'IN')).toMatchObject({ taxPercent: '0%', isDefault: false });
  });
});

describe('absoluteUrl', () => {
  it('prefixes site paths and keeps absolute URLs', () => {
    expect(absoluteUrl('https://x.test', '/pm/a')).toBe('https://x.test/pm/a');
    expect(absoluteUrl('https://x.test', 'https://y.test/a')).toBe('https://y.test/a');
  });
});

describe('toQuote', () => {
  it('turns every amount of a quote into Money and keeps the line notes', () => {
    const q = toQuote({
      market: 'DE',
      currency: 'EUR',
      lines: [
        {
          serviceId: 'id',
          slug: 's',
          name: 'S',
          hours: 1,
          billedHours: 8,
          qty: 2,
          unitAmount: 7800,
          amount: 124_800,
          minimumApplied: true,
          note: 'minimum 8 h',
        },
      ],
      subtotal: 124_800,
      tax: { name: 'USt', rateBasisPoints: 1900, amount: 23_712 },
      total: 148_512,
      validUntil: '2026-01-01T00:30:00.000Z',
      validForSeconds: 1800,
    });
    expect(q.lines[0]).toMatchObject({ unitAmount: { amount: 7800, formatted: '78.00 EUR' }, amount: { amount: 124_800 }, note: 'minimum 8 h' });
    expect(q.total).toEqual({ amount: 148_512, currency: 'EUR', formatted: '1485.12 EUR' });
    expect(q.tax.amount.formatted).toBe('237.12 EUR');
  });
});

describe('toServiceDetail', () => {
  const service = {
    _id: 'abc',
    slug: 'mvp-build',
    kind: 'project',
    category: 'product-delivery',
    lang: 'en',
    name: 'MVP build',
    summary: 'An MVP',
    description: 'We build it',
    inclusions: [],
    faq: [],
    pricing: { market: 'DE', currency: 'EUR', hourlyRate: 9000, defaultHours: 320, minHours: 160, estimatedAmount: 2_880_000, taxRateBasisPoints: 1900 },
    markets: ['DE'],
    availablePms: [],
    updatedAt: '2026-05-01T00:00:00.000Z',
  };
  it("passes the service's rating from reviews through, and leaves it out before the first review", () => {
    expect(toServiceDetail({ ...service, rating: { count: 3, average: 4.7 } } as never, 'https://x.test').rating).toEqual({ count: 3, average: 4.7 });
    expect('rating' in toServiceDetail(service as never, 'https://x.test')).toBe(false);
  });
});
