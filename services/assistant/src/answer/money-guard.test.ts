import { describe, expect, it } from 'bun:test';
import type { Quote } from '@tm/contracts';
import { MoneyGuard } from './money-guard.ts';
import { PricedAmounts } from './money-rule.ts';

/** Feeds `text` in pieces of `size` characters and returns what was let through after each piece, and at the end. */
function stream(guard: MoneyGuard, text: string, size: number): { passed: string[]; all: string } {
  const passed: string[] = [];
  for (let i = 0; i < text.length; i += size) passed.push(guard.push(text.slice(i, i + size)));
  passed.push(guard.flush());
  return { passed, all: passed.join('') };
}

const quote: Quote = {
  market: 'DE',
  currency: 'EUR',
  lines: [
    {
      serviceId: 's',
      slug: 'react-developer',
      name: 'React Developer',
      hours: 480,
      billedHours: 480,
      qty: 2,
      unitAmount: 6500,
      amount: 6_240_000,
      minimumApplied: false,
    },
  ],
  subtotal: 6_240_000,
  tax: { name: 'VAT', rateBasisPoints: 1900, amount: 1_185_600 },
  total: 7_425_600,
  validUntil: '2026-12-01T00:00:00.000Z',
  validForSeconds: 900,
};

describe('MoneyGuard', () => {
  it('lets text without numbers through at once', () => {
    const guard = new MoneyGuard(new PricedAmounts(), 'DE');
    expect(guard.push('Hello, I can help ')).toBe('Hello, I can help ');
    expect(guard.push('with that.')).toBe('with that.');
  });

  it('removes an invented amount split over many pieces, whatever the piece size', () => {
    const text = 'Two React developers for three months cost about €5,000 per month. Shall I quote it exactly?';
    for (const size of [1, 2, 3, 5, 8, 13, 40]) {
      const guard = new MoneyGuard(new PricedAmounts(), 'DE');
      const { all } = stream(guard, text, size);
      expect(all).toBe('Two React developers for three months cost about (ask me for a quote for the exact price) per month. Shall I quote it exactly?');
      expect(guard.removed).toEqual(['€5,000']);
    }
  });

  it('keeps a priced amount whose currency marker and digits arrive in different pieces', () => {
    const priced = new PricedAmounts();
    priced.addQuote(quote);
    const text = 'The total is EUR 74,256.00 including VAT.\nIt is valid for 15 minutes.';
    for (const size of [1, 4, 7]) {
      const guard = new MoneyGuard(priced, 'DE');
      expect(stream(guard, text, size).all).toBe(text);
      expect(guard.removed).toEqual([]);
    }
  });

  it('catches a suffixed currency that arrives after the digits', () => {
    const guard = new MoneyGuard(new PricedAmounts(), 'AU');
    expect(stream(guard, 'Roughly 1,200 Australian dollars a week.', 3).all).toBe('Roughly (ask me for a quote for the exact price) a week.');
  });

  it('holds a trailing word that may start an amount only until the next piece shows it does not', () => {
    const guard = new MoneyGuard(new PricedAmounts(), 'US');
    expect(guard.push('Ask us')).toBe('Ask ');
    expect(guard.push(' anything')).toBe('us anything');
  });
});
