import { DomainError } from './errors.ts';

/** ISO 4217 codes of the currencies the markets price in. */
export type CurrencyCode = 'INR' | 'AED' | 'EUR' | 'USD' | 'AUD';
export type MarketCode = 'IN' | 'AE' | 'DE' | 'US' | 'AU';
export type Lang = 'en' | 'hi' | 'ar' | 'de';

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

/** The market table (DESIGN.md "Catalog and pricing rules"). US sales tax is state-level, so 0 here. */
export const MARKETS: Readonly<Record<MarketCode, Market>> = Object.freeze({
  IN: { code: 'IN', name: 'India', currency: 'INR', taxBasisPoints: 1800, taxName: 'GST', smsCountryCode: '+91', languages: ['en', 'hi'] },
  AE: { code: 'AE', name: 'United Arab Emirates', currency: 'AED', taxBasisPoints: 500, taxName: 'VAT', smsCountryCode: '+971', languages: ['en', 'ar'] },
  DE: { code: 'DE', name: 'Germany', currency: 'EUR', taxBasisPoints: 1900, taxName: 'USt', smsCountryCode: '+49', languages: ['de', 'en'] },
  US: { code: 'US', name: 'United States', currency: 'USD', taxBasisPoints: 0, taxName: 'Sales tax', smsCountryCode: '+1', languages: ['en'] },
  AU: { code: 'AU', name: 'Australia', currency: 'AUD', taxBasisPoints: 1000, taxName: 'GST', smsCountryCode: '+61', languages: ['en'] },
});

export const MARKET_CODES = Object.keys(MARKETS) as MarketCode[];
export const DEFAULT_MARKET: MarketCode = 'IN';
export const LANGUAGES: readonly Lang[] = ['en', 'hi', 'ar', 'de'];
export const DEFAULT_LANG: Lang = 'en';

/** True when `code` is one of the market codes (exact, upper case). */
export function isMarketCode(code: string): code is MarketCode {
  return Object.hasOwn(MARKETS, code);
}

/**
 * Resolves the X-Country header: absent or empty means the default market; a known code in any
 * letter case is accepted; anything else is a DomainError INVALID_COUNTRY (a 400).
 */
export function resolveMarket(header: string | null | undefined): Market {
  const raw = header?.trim() ?? '';
  if (raw === '') return MARKETS[DEFAULT_MARKET];
  const code = raw.toUpperCase();
  if (!isMarketCode(code)) {
    throw new DomainError('INVALID_COUNTRY', `X-Country must be one of ${MARKET_CODES.join(', ')}`);
  }
  return MARKETS[code];
}

/**
 * Resolves the X-Lang header (a BCP-47 tag such as `de-DE`): its primary subtag when supported,
 * otherwise English. Never an error: the response's Content-Language says what was served.
 */
export function resolveLang(header: string | null | undefined): Lang {
  const primary =
    header
      ?.trim()
      .split(/[-_,;\s]/)[0]
      ?.toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Lang) : DEFAULT_LANG;
}

/** The market whose SMS country code prefixes an E.164 number, if any. */
export function marketForMobile(e164: string): Market | undefined {
  return Object.values(MARKETS).find((m) => e164.startsWith(m.smsCountryCode));
}
