import type { CurrencyCode, MarketCode } from '@tm/contracts';
import { CURRENCY_EXPONENT } from '@tm/shared/money';

/**
 * Amounts with a currency in free text, as a model writes them in any of the five markets:
 * "€5,000", "5.000 €", "5.000,50 EUR", "9360.00 EUR" (our own formatting), "$5k", "US$ 120",
 * "A$1,200", "AUD 1,200", "₹1,23,456", "Rs. 5,000", "5 lakh rupees", "AED 1,234.50", "د.إ 500",
 * "300 dirhams". A bare number ("120 hours") is not money.
 */

/** A number with thousands grouping (1,234 / 1.234 / 1 234 / Indian 1,23,456) and up to two decimals. */
const NUM = String.raw`(?:\d{1,3}(?:,\d{2})+,\d{3}|\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+|\d+)(?:[.,]\d{1,2})?(?!\d)`;
/** Multipliers written after the number: 5k, 1.2m, 3 lakh, 2 crore, 5 Mio. */
const MULT = String.raw`(?:\s?(?:(?:thousand|million|billion|lakhs?|lacs?|crores?)\b|(?:Mio|Mrd|Tsd)\.?(?![A-Za-z]))|(?:k|K|m|M|bn|cr)\b)?`;
const PREFIX = String.raw`(?:US\$|AU\$|A\$|(?<![A-Za-z])(?:USD|AUD|EUR|INR|AED|Rs\.?|Dhs\.?)|د\.إ|€|\$|₹)`;
const SUFFIX = String.raw`(?:€|₹|د\.إ|(?:USD|AUD|EUR|INR|AED|Dhs)(?![A-Za-z])|(?:US |U\.S\. |Australian )?dollars?\b|euros?\b|rupees?\b|dirhams?\b)`;

const PREFIXED = new RegExp(String.raw`(${PREFIX})\s?(${NUM})(${MULT})`, 'g');
const SUFFIXED = new RegExp(String.raw`(?<![\d.,])(${NUM})(${MULT})\s?(${SUFFIX})`, 'gi');

/** One amount found in text: where it is, its value in minor units and the currencies its marker can mean. */
export interface TextAmount {
  start: number;
  end: number;
  raw: string;
  minor: number;
  /** True when written without decimals (a whole-unit rounding of a priced amount still counts as that amount). */
  whole: boolean;
  currencies: CurrencyCode[];
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  tsd: 1e3,
  m: 1e6,
  million: 1e6,
  mio: 1e6,
  bn: 1e9,
  billion: 1e9,
  mrd: 1e9,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  crore: 1e7,
  crores: 1e7,
  cr: 1e7,
};

/** The currencies a marker names; "$" and "dollars" are US or Australian dollars, the market's first. */
function currenciesOf(marker: string, market: MarketCode): CurrencyCode[] {
  const m = marker.trim().toLowerCase();
  if (m === '€' || m === 'eur' || m.startsWith('euro')) return ['EUR'];
  if (m === '₹' || m === 'inr' || m.startsWith('rs') || m.startsWith('rupee')) return ['INR'];
  if (m === 'aed' || m === 'د.إ' || m.startsWith('dhs') || m.startsWith('dirham')) return ['AED'];
  if (m === 'us$' || m === 'usd' || m.startsWith('us ') || m.startsWith('u.s.')) return ['USD'];
  if (m === 'a$' || m === 'au$' || m === 'aud' || m.startsWith('australian')) return ['AUD'];
  return market === 'AU' ? ['AUD', 'USD'] : ['USD', 'AUD'];
}

/** "1,234.50" / "1.234,50" / "1 234" / "1,23,456" / "12.5" as a number; a single separator followed by 3 digits is grouping. */
export function parseAmountNumber(raw: string): { value: number; whole: boolean } {
  const s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  let decimalAt = -1;
  if (comma >= 0 && dot >= 0) decimalAt = Math.max(comma, dot);
  else if (comma >= 0 || dot >= 0) {
    const sep = comma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    if (parts.length === 2 && (parts[1] ?? '').length !== 3) decimalAt = s.lastIndexOf(sep);
  }
  const integer = (decimalAt >= 0 ? s.slice(0, decimalAt) : s).replace(/[.,]/g, '');
  const fraction = decimalAt >= 0 ? s.slice(decimalAt + 1) : '';
  return { value: Number(`${integer}.${fraction || '0'}`), whole: fraction === '' };
}

function amountOf(start: number, raw: string, num: string, mult: string, marker: string, market: MarketCode): TextAmount {
  const { value, whole } = parseAmountNumber(num);
  const factor = MULTIPLIERS[mult.trim().toLowerCase().replace(/\.$/, '')] ?? 1;
  const currencies = currenciesOf(marker, market);
  const exponent = CURRENCY_EXPONENT[currencies[0] as CurrencyCode];
  return { start, end: start + raw.length, raw, minor: Math.round(value * factor * 10 ** exponent), whole: whole && factor === 1, currencies };
}

/** Every amount with a currency in `text`, in order, none overlapping (the earlier, then the longer, wins). */
export function findAmounts(text: string, market: MarketCode): TextAmount[] {
  const found: TextAmount[] = [];
  for (const m of text.matchAll(PREFIXED)) found.push(amountOf(m.index, m[0], m[2] ?? '', m[3] ?? '', m[1] ?? '', market));
  for (const m of text.matchAll(SUFFIXED)) found.push(amountOf(m.index, m[0], m[1] ?? '', m[2] ?? '', m[3] ?? '', market));
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: TextAmount[] = [];
  for (const a of found) if (!kept.some((k) => a.start < k.end && k.start < a.end)) kept.push(a);
  return kept;
}
