import { LANGUAGES, type Lang, MARKET_CODES, MARKETS, type Market, type ServiceKind } from '@tm/contracts';
import type { ServiceSummary } from './model.ts';

/** A service's names and summaries: name then summary for each language in LANGUAGES order, English standing in for a missing copy. */
export type ServiceTexts = readonly string[];

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
    const texts = textsOf(d);
    const same = previous !== undefined && previous.id === String(d._id) && previous.slug === d.slug && sameTexts(previous.texts, texts);
    this.ids.push(same ? previous.id : String(d._id));
    this.slugs.push(same ? previous.slug : d.slug);
    this.texts.push(same ? previous.texts : texts);
    this.kinds.push(d.kind === 'project' ? 'project' : 'role');
    this.categories.push(this.intern(d.category));
    this.ranks.push(d.rank);
    this.defaultHours.push(d.defaultHours);
    this.minHours.push(d.minHours);
    let bits = 0;
    for (const m of d.markets ?? []) if (m in MARKET_AT) bits |= 1 << (MARKET_AT[m] as number);
    this.markets.push(bits);
    for (const m of MARKET_CODES) this.rates.push(d.prices?.[m]?.hourlyRate ?? Number.NaN);
    this.updatedAt.push(this.intern(d.updatedAt));
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
