import { LANGUAGES, type Lang, MARKET_CODES, MARKETS, type Market, type MarketCode, type ServiceKind } from '@tm/contracts';
import type { ServiceSummary } from './model.ts';

/** A service's names and summaries: name then summary for each language in LANGUAGES order, English standing in for a missing copy. */
export type ServiceTexts = readonly string[];

/** A service as the columns take it: its id as text, its texts (textsOf), its markets as bits of MARKET_CODES, a rate per MARKET_CODES entry (NaN: none). */
export interface ServiceFields {
  id: string;
  slug: string;
  texts: ServiceTexts;
  project: boolean;
  category: string;
  rank: number;
  defaultHours: number;
  minHours: number;
  markets: number;
  rates: ArrayLike<number>;
  updatedAt: string;
}

const LANG_AT = Object.fromEntries(LANGUAGES.map((l, i) => [l, i])) as Record<Lang, number>;
const MARKET_AT = Object.fromEntries(MARKET_CODES.map((m, i) => [m, i])) as Record<string, number>;

/** The texts of a summary; a missing (or null) name or summary reads the English one. */
export function textsOf(d: ServiceSummary): ServiceTexts {
  const en = d.i18n.en;
  return LANGUAGES.flatMap((l) => [d.i18n[l]?.name ?? en.name, d.i18n[l]?.summary ?? en.summary]);
}

function sameTexts(a: ServiceTexts, b: ServiceTexts): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * The read model's services as columns, one entry per ordinal (display order), instead of an
 * object graph per service: at 100k services that graph (a summary, its i18n, four copies, its
 * markets and prices, each string its own) held ~2.3 KB a service; here a service is its id, slug
 * and texts (one array of eight strings), a few numbers, and strings every service shares
 * (category, kind, market codes) once. `summary(o)` makes the ServiceSummary a caller needs.
 */
export class SummaryColumns {
  readonly ids: string[] = [];
  readonly slugs: string[] = [];
  readonly texts: ServiceTexts[] = [];
  private readonly kinds: ServiceKind[] = [];
  private readonly categories: string[] = [];
  private readonly ranks: number[] = [];
  private readonly defaultHours: number[] = [];
  private readonly minHours: number[] = [];
  /** Bit m set when the service lists MARKET_CODES[m]. */
  private readonly markets: number[] = [];
  /** MARKET_CODES.length hourly rates per service, NaN where it has no price. */
  private readonly rates: number[] = [];
  private readonly updatedAt: string[] = [];
  /** One instance of each category and `updatedAt` value, however many services hold it. */
  private readonly interned = new Map<string, string>();

  get length(): number {
    return this.ids.length;
  }

  /**
   * Appends a service; returns its ordinal. When `previous` holds the same texts (the snapshot
   * this one replaces), its strings are kept and the ones just read are let go, so a rebuild
   * holds one copy of the catalog's text, not two.
   */
  push(d: ServiceSummary, previous?: { id: string; slug: string; texts: ServiceTexts }): number {
    let markets = 0;
    for (const m of d.markets ?? []) if (m in MARKET_AT) markets |= 1 << (MARKET_AT[m] as number);
    return this.pushFields(
      {
        id: String(d._id),
        slug: d.slug,
        texts: textsOf(d),
        project: d.kind === 'project',
        category: d.category,
        rank: d.rank,
        defaultHours: d.defaultHours,
        minHours: d.minHours,
        markets,
        rates: MARKET_CODES.map((m) => d.prices?.[m]?.hourlyRate ?? Number.NaN),
        updatedAt: d.updatedAt,
      },
      previous,
    );
  }

  /** push() of a service's fields as the columns hold them (a summary read from its BSON: summary-bson.ts). */
  pushFields(f: ServiceFields, previous?: { id: string; slug: string; texts: ServiceTexts }): number {
    const same = previous !== undefined && previous.id === f.id && previous.slug === f.slug && sameTexts(previous.texts, f.texts);
    this.ids.push(same ? previous.id : f.id);
    this.slugs.push(same ? previous.slug : f.slug);
    this.texts.push(same ? previous.texts : f.texts);
    this.kinds.push(f.project ? 'project' : 'role');
    this.categories.push(this.intern(f.category));
    this.ranks.push(f.rank);
    this.defaultHours.push(f.defaultHours);
    this.minHours.push(f.minHours);
    this.markets.push(f.markets);
    for (let m = 0; m < MARKET_CODES.length; m++) this.rates.push(f.rates[m] as number);
    this.updatedAt.push(this.intern(f.updatedAt));
    return this.ids.length - 1;
  }

  /** The name and the summary of service `o` in `lang`. */
  copy(o: number, lang: Lang): { name: string; summary: string } {
    const t = this.texts[o] as ServiceTexts;
    const at = 2 * LANG_AT[lang];
    return { name: t[at] as string, summary: t[at + 1] as string };
  }

  /** True when service `o` can be booked in the market (listed there and priced there), as isOfferedIn says of a summary. */
  offeredIn(o: number, market: Market): boolean {
    const m = MARKET_AT[market.code] as number;
    return ((this.markets[o] as number) & (1 << m)) !== 0 && !Number.isNaN(this.rates[o * MARKET_CODES.length + m]);
  }

  /**
   * Service `o`'s line of the NDJSON service index, without its newline: the text
   * JSON.stringify(toIndexLine(summary(o))) gives, written from the columns (no summary, entry
   * or price objects made: the index's ETag pass writes 100k of them), or undefined when a value
   * is not the string the shortcut expects (a document written by hand), for the caller to make
   * it the long way.
   */
  indexLine(o: number): string | undefined {
    const id = this.ids[o];
    const slug = this.slugs[o];
    const category = this.categories[o];
    const updatedAt = this.updatedAt[o];
    const { name, summary } = this.copy(o, 'en');
    if (typeof id !== 'string' || typeof slug !== 'string' || typeof category !== 'string' || typeof updatedAt !== 'string') return undefined;
    if (typeof name !== 'string' || typeof summary !== 'string') return undefined;
    const bits = this.markets[o] as number;
    let markets = '';
    let prices = '';
    for (let m = 0; m < MARKET_CODES.length; m++) {
      if ((bits & (1 << m)) === 0) continue;
      const code = MARKET_CODES[m] as MarketCode;
      markets += `${markets === '' ? '' : ','}"${code}"`;
      const rate = this.rates[o * MARKET_CODES.length + m] as number;
      if (Number.isNaN(rate)) continue;
      prices += `${prices === '' ? '' : ','}{"market":"${code}","currency":"${MARKETS[code].currency}","hourlyRate":${JSON.stringify(rate)}}`;
    }
    return `{"_id":${JSON.stringify(id)},"slug":${JSON.stringify(slug)},"kind":"${this.kinds[o]}","category":${JSON.stringify(category)},"name":${JSON.stringify(name)},"summary":${JSON.stringify(summary)},"markets":[${markets}],"updatedAt":${JSON.stringify(updatedAt)},"prices":[${prices}]}`;
  }

  /** Service `o` as a summary (a new object: what the pricing and the routes read). */
  summary(o: number): ServiceSummary {
    const markets = MARKET_CODES.filter((_, m) => ((this.markets[o] as number) & (1 << m)) !== 0);
    const prices: ServiceSummary['prices'] = {};
    MARKET_CODES.forEach((code, m) => {
      const rate = this.rates[o * MARKET_CODES.length + m] as number;
      if (!Number.isNaN(rate)) prices[code] = { currency: MARKETS[code].currency, hourlyRate: rate };
    });
    return {
      _id: this.ids[o] as string,
      slug: this.slugs[o] as string,
      kind: this.kinds[o] as ServiceKind,
      category: this.categories[o] as string,
      rank: this.ranks[o] as number,
      markets,
      defaultHours: this.defaultHours[o] as number,
      minHours: this.minHours[o] as number,
      prices,
      updatedAt: this.updatedAt[o] as string,
      i18n: Object.fromEntries(LANGUAGES.map((l) => [l, this.copy(o, l)])) as ServiceSummary['i18n'],
    };
  }

  private intern(value: string): string {
    const held = this.interned.get(value);
    if (held !== undefined) return held;
    this.interned.set(value, value);
    return value;
  }
}
