import { t } from 'elysia';

/** The market codes, as a literal tuple so schemas built from it keep their literal types. */
export const MARKET_CODES = ['IN', 'AE', 'DE', 'US', 'AU'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/** ISO 4217 codes of the currencies the markets price in. */
export const CURRENCY_CODES = ['INR', 'AED', 'EUR', 'USD', 'AUD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The languages copy is written in. */
export const LANGUAGES = ['en', 'hi', 'ar', 'de'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_MARKET: MarketCode = 'IN';
export const DEFAULT_LANG: Lang = 'en';

export interface Market {
  code: MarketCode;
  name: string;
  currency: CurrencyCode;
  /** Tax on a quote's subtotal in basis points (1800 = 18 %). */
  taxBasisPoints: number;
  /** Name of the tax shown on a quote line. */
  taxName: string;
  /** E.164 country calling code, with the plus sign. */
  smsCountryCode: string;
  /** Languages offered to this market, the first being its default copy language. */
  languages: readonly Lang[];
}

/** The one market table (DESIGN.md "Catalog and pricing rules"). US sales tax is state-level, so 0 here. */
export const MARKETS: Readonly<Record<MarketCode, Market>> = Object.freeze({
  IN: { code: 'IN', name: 'India', currency: 'INR', taxBasisPoints: 1800, taxName: 'GST', smsCountryCode: '+91', languages: ['en', 'hi'] },
  AE: { code: 'AE', name: 'United Arab Emirates', currency: 'AED', taxBasisPoints: 500, taxName: 'VAT', smsCountryCode: '+971', languages: ['en', 'ar'] },
  DE: { code: 'DE', name: 'Germany', currency: 'EUR', taxBasisPoints: 1900, taxName: 'USt', smsCountryCode: '+49', languages: ['de', 'en'] },
  US: { code: 'US', name: 'United States', currency: 'USD', taxBasisPoints: 0, taxName: 'Sales tax', smsCountryCode: '+1', languages: ['en'] },
  AU: { code: 'AU', name: 'Australia', currency: 'AUD', taxBasisPoints: 1000, taxName: 'GST', smsCountryCode: '+61', languages: ['en'] },
});

export const MarketCodeSchema = t.UnionEnum(MARKET_CODES, { description: 'Market code (ISO 3166-1 alpha-2)' });
export const CurrencySchema = t.UnionEnum(CURRENCY_CODES, { description: 'ISO 4217 currency code' });
export const LangSchema = t.UnionEnum(LANGUAGES, { description: 'Language of the copy' });
