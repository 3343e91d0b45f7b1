import { MAX_HOURS, MAX_QTY, type MarketCode, type Service } from '@tm/contracts';
import { searchWords } from '@tm/shared/search';
import { stem } from '../retrieval/words.ts';

/** Full-time hours a week and a month, for "3 weeks" and "3 months" (said in the answer, so the person can correct it). */
export const HOURS_PER_DAY = 8;
export const HOURS_PER_WEEK = 40;
export const HOURS_PER_MONTH = 160;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  ein: 1,
  eine: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
};
const NUMBER = String.raw`(\d+(?:[.,]\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNITS: [RegExp, number, string][] = [
  [new RegExp(String.raw`\b${NUMBER}\s*(?:hours?|hrs?|h|stunden)\b`, 'i'), 1, 'hour'],
  [new RegExp(String.raw`\b${NUMBER}\s*(?:days?|tage?n?)\b`, 'i'), HOURS_PER_DAY, 'day'],
  [new RegExp(String.raw`\b${NUMBER}\s*(?:weeks?|wochen?)\b`, 'i'), HOURS_PER_WEEK, 'week'],
  [new RegExp(String.raw`\b${NUMBER}\s*(?:months?|monate?n?)\b`, 'i'), HOURS_PER_MONTH, 'month'],
];

/** Countries named in a text and their market ("us" alone is a pronoun, so only USA / U.S. / United States / America). */
const COUNTRIES: [RegExp, MarketCode][] = [
  [/\b(?:germany|deutschland|german)\b/i, 'DE'],
  [/\b(?:india|indian)\b/i, 'IN'],
  [/\b(?:uae|u\.a\.e\.|emirates|dubai|abu dhabi)\b/i, 'AE'],
  [/\b(?:usa|u\.s\.a?\.|united states|america)\b/i, 'US'],
  [/\b(?:australia|australian)\b/i, 'AU'],
];

/** Words that say what kind of person, not which service. */
const GENERIC = new Set(['developer', 'engineer', 'expert', 'specialist', 'consultant', 'service', 'and', 'for']);

/** What the person asked to be priced: a service, hours each, how many, and where; `note` says how hours were worked out. */
export interface PriceIntent {
  service: Service;
  hours: number;
  qty: number;
  market?: MarketCode;
  note?: string;
}

function numberOf(word: string): number | undefined {
  const n = NUMBER_WORDS[word.toLowerCase()] ?? Number(word.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The market a text names, if any. */
export function marketNamed(text: string): MarketCode | undefined {
  return COUNTRIES.find(([re]) => re.test(text))?.[1];
}

/** Hours the text names ("120 hours", "3 weeks", "three months"), with how they were worked out. */
export function hoursNamed(text: string): { hours: number; note?: string } | undefined {
  for (const [re, factor, unit] of UNITS) {
    const m = text.match(re);
    const n = m?.[1] === undefined ? undefined : numberOf(m[1]);
    if (n === undefined) continue;
    const hours = Math.round(n * factor * 100) / 100;
    if (hours <= 0 || hours > MAX_HOURS) return undefined;
    return factor === 1 ? { hours } : { hours, note: `${n} ${unit}${n === 1 ? '' : 's'} at ${factor} hours a ${unit} = ${hours} hours` };
  }
  return undefined;
}

/** The first of `services` (retrieval's order) the text names: enough of its specific name words appear in it. */
export function serviceNamed(text: string, services: readonly Service[]): { service: Service; at: number } | undefined {
  const words = searchWords(text).map(stem);
  for (const service of services) {
    const specific = searchWords(`${service.name} ${service.slug.replaceAll('-', ' ')}`)
      .map(stem)
      .filter((w) => w.length > 2 && !GENERIC.has(w));
    const unique = [...new Set(specific)];
    const hits = unique.filter((w) => words.includes(w));
    if (hits.length > 0 && hits.length * 2 >= unique.length) return { service, at: words.indexOf(hits[0] as string) };
  }
  return undefined;
}

/** How many people the text asks for: a number up to two words before the service's name ("two React developers"). */
function qtyNamed(text: string, at: number): number {
  const words = searchWords(text);
  for (let i = Math.max(0, at - 2); i < at; i++) {
    const n = numberOf(words[i] ?? '');
    if (n !== undefined && Number.isInteger(n) && n <= MAX_QTY && !['a', 'an', 'ein', 'eine'].includes(words[i] ?? '')) return n;
  }
  return 1;
}

/** A service and hours named in the text make a price intent; anything less does not. */
export function priceIntent(text: string, services: readonly Service[]): PriceIntent | undefined {
  const named = serviceNamed(text, services);
  const hours = hoursNamed(text);
  if (!named || !hours) return undefined;
  const market = marketNamed(text);
  return {
    service: named.service,
    hours: hours.hours,
    qty: qtyNamed(text, named.at),
    ...(market ? { market } : {}),
    ...(hours.note ? { note: hours.note } : {}),
  };
}
