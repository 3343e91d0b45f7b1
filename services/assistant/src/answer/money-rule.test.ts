import { describe, expect, it } from 'bun:test';
import type { CurrencyCode, MarketCode, Quote } from '@tm/contracts';
import { applyMoneyRule, PricedAmounts } from './money-rule.ts';
import { findAmounts, parseAmountNumber } from './money-text.ts';

function quote(currency: Quote['currency'], market: MarketCode, total: number): Quote {
  return {
    market,
    currency,
    lines: [
      {
        serviceId: 's',
        slug: 'react-developer',
        name: 'React Developer',
        hours: 480,
        billedHours: 480,
        qty: 2,
        unitAmount: 6500,
        amount: total - 1000,
        minimumApplied: false,
      },
    ],
    subtotal: total - 1000,
    tax: { name: 'VAT', rateBasisPoints: 1900, amount: 1000 },
    total,
    validUntil: '2026-12-01T00:00:00.000Z',
    validForSeconds: 900,
  };
}

const pricedWith = (q: Quote) => {
  const p = new PricedAmounts();
  p.addQuote(q);
  return p;
};

describe('reading amounts in text', () => {
  it('reads the currency formats of all five markets', () => {
    const cases: [MarketCode, string, CurrencyCode, number][] = [
      ['IN', 'That is ₹1,23,456.50 in all.', 'INR', 12345650],
      ['IN', 'About Rs. 5,000 per week', 'INR', 500000],
      ['IN', 'INR 4,500 only', 'INR', 450000],
      ['IN', 'roughly 5 lakh rupees', 'INR', 50000000],
      ['AE', 'AED 1,234.50 per month', 'AED', 123450],
      ['AE', 'costs 1,234 AED', 'AED', 123400],
      ['AE', 'only د.إ 500', 'AED', 50000],
      ['AE', 'about 300 dirhams', 'AED', 30000],
      ['DE', 'It costs €5,000.', 'EUR', 500000],
      ['DE', 'Es kostet 5.000 € netto', 'EUR', 500000],
      ['DE', 'Gesamt 5.000,50 € brutto', 'EUR', 500050],
      ['DE', 'Total: 9360.00 EUR', 'EUR', 936000],
      ['DE', 'about 7 Mio. EUR', 'EUR', 700000000],
      ['US', 'It is $5,000 a month', 'USD', 500000],
      ['US', 'US$ 120 per hour', 'USD', 12000],
      ['US', 'USD 5,000.00 total', 'USD', 500000],
      ['US', 'around $5k', 'USD', 500000],
      ['US', '5,000 dollars', 'USD', 500000],
      ['AU', 'A$1,200 all up', 'AUD', 120000],
      ['AU', 'AU$ 1,200', 'AUD', 120000],
      ['AU', 'AUD 1,200', 'AUD', 120000],
      ['AU', 'just $1,200', 'AUD', 120000],
    ];
    for (const [market, text, currency, minor] of cases) {
      const found = findAmounts(text, market);
      expect({ text, n: found.length, currency: found[0]?.currencies[0], minor: found[0]?.minor }).toEqual({ text, n: 1, currency, minor });
    }
  });

  it('leaves numbers without a currency alone', () => {
    expect(findAmounts('Two React developers for 3 months is 480 hours, version 1.5, 24/7.', 'DE')).toEqual([]);
  });

  it('parses grouping and decimals the way each market writes them', () => {
    expect(parseAmountNumber('1,234.50')).toEqual({ value: 1234.5, whole: false });
    expect(parseAmountNumber('1.234,50')).toEqual({ value: 1234.5, whole: false });
    expect(parseAmountNumber('1\u202f234')).toEqual({ value: 1234, whole: true });
    expect(parseAmountNumber('1,23,456')).toEqual({ value: 123456, whole: true });
    expect(parseAmountNumber('12.5')).toEqual({ value: 12.5, whole: false });
    expect(parseAmountNumber('5.000')).toEqual({ value: 5000, whole: true });
  });
});

describe('the money rule', () => {
  it('removes an amount the model invented and points at the quote', () => {
    const priced = pricedWith(quote('EUR', 'DE', 1_123_200));
    const out = applyMoneyRule('Two React developers for three months would be about €5,000.', priced, 'DE');
    expect(out.removed).toEqual(['€5,000']);
    expect(out.text).toBe('Two React developers for three months would be about (see the quote for the exact price).');
  });

  it('keeps the quote total when the model repeats it, in any of its formats', () => {
    const priced = pricedWith(quote('EUR', 'DE', 1_123_200));
    for (const text of ['The total is 11232.00 EUR.', 'The total is €11,232.', 'Gesamt: 11.232,00 €', 'Total €11,232.00 incl. VAT']) {
      expect(applyMoneyRule(text, priced, 'DE')).toEqual({ text, removed: [] });
    }
  });

  it('removes every amount when nothing was priced, and offers a quote', () => {
    const out = applyMoneyRule('Usually ₹5 lakh, sometimes Rs. 80,000.', new PricedAmounts(), 'IN');
    expect(out.removed).toEqual(['₹5 lakh', 'Rs. 80,000']);
    expect(out.text).toBe('Usually (ask me for a quote for the exact price), sometimes (ask me for a quote for the exact price).');
  });

  it('does not let an amount of another currency pass for the priced one', () => {
    const priced = pricedWith(quote('AUD', 'AU', 500_000));
    expect(applyMoneyRule('That is 5,000 EUR', priced, 'AU').removed).toEqual(['5,000 EUR']);
    expect(applyMoneyRule('That is $5,000', priced, 'AU').removed).toEqual([]);
  });

  it('counts rates and estimates a tool returned as priced', () => {
    const priced = new PricedAmounts();
    priced.addFrom({ services: [{ pricing: { hourlyRate: { amount: 6500, currency: 'USD', formatted: '65.00 USD' } } }] });
    expect(applyMoneyRule('The rate is $65.00 an hour, not $70.', priced, 'US')).toEqual({
      text: 'The rate is $65.00 an hour, not (ask me for a quote for the exact price).',
      removed: ['$70'],
    });
  });
});
