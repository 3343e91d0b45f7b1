import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { MARKET_CODES, MARKETS } from '@tm/contracts';
import { CURRENCY_CODES, CurrencySchema, MarketCodeSchema } from './markets.ts';

describe('the market table and the unions built from it', () => {
  it('lists every market code once, each with a currency the currency union holds', () => {
    expect(Object.keys(MARKETS).sort()).toEqual([...MARKET_CODES].sort());
    for (const code of MARKET_CODES) expect(CURRENCY_CODES).toContain(MARKETS[code].currency);
  });

  it('validates exactly the market and currency codes', () => {
    for (const code of MARKET_CODES) expect(Value.Check(MarketCodeSchema, code)).toBe(true);
    expect(Value.Check(MarketCodeSchema, 'FR')).toBe(false);
    expect(Value.Check(CurrencySchema, 'EUR')).toBe(true);
    expect(Value.Check(CurrencySchema, 'eur')).toBe(false);
  });
});
