import { DEFAULT_LANG, DEFAULT_MARKET, LANGUAGES, type Lang, MARKET_CODES, MARKETS, type Market, type MarketCode } from '@tm/contracts';
import { DomainError } from '../core/errors.ts';

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
