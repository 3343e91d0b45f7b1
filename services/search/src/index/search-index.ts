import {
  LANGUAGES,
  type Lang,
  MARKET_CODES,
  MAX_SUGGESTIONS,
  type MarketCode,
  SEARCH_TYPES,
  type SearchHit,
  type SearchSuggestion,
  type SearchType,
} from '@tm/contracts';
import { parseQuery, QueryMatcher, searchWords, type TokenIndex, TokenIndexBuilder, topRanked, yieldToRequests } from '@tm/shared/search';
import { type BayesianOf, compareMerit, FIELD_WEIGHTS, type SearchDocument } from './documents.ts';

/** One search as the route asks it, already checked. */
export interface SearchRequest {
  q: string;
  types: ReadonlySet<SearchType>;
  /** The caller's market: services not offered there are left out (talent and pages are not). */
  market?: MarketCode;
  /** The caller's language (X-Lang): a page in it goes before an equally relevant page in another. */
  lang?: Lang;
  page: number;
  limit: number;
}

/** One page of hits, the matches in all (of the asked types), the matches per type, and the normalised query. */
export interface SearchAnswer {
  hits: SearchHit[];
  total: number;
  facets: Record<SearchType, number>;
  /** The query's words in their search form, joined: the key a miss is counted under. */
  normalised: string;
}

const CHUNK = 5_000;
/** What the caller's language adds to a page's relevance: below the smallest difference two matches can make (0.05, a synonym against a longer word in `other`). */
const LANG_TIE_BREAK = 0.01;

/** What the index keeps of a document once built: a hit's fields and, for services, their markets. */
type HitFields = Pick<SearchDocument, 'type' | 'id' | 'slug' | 'title' | 'summary' | 'url' | 'markets' | 'lang'>;

/**
 * One version of the search index: every document in order of merit (rating, availability), a
 * word index per field (title, summary, keywords, other) matched by the shared QueryMatcher, and
 * a word index of titles, keywords and categories for suggestions. Immutable; the keeper swaps in
 * a new one when an upstream index changes.
 */
export class SearchIndex {
  private readonly matcher: QueryMatcher;
  /**
   * Each document's type (its index in SEARCH_TYPES) and the markets it may be shown in (a bit
   * per MARKET_CODES entry; every bit for talent and pages), packed: counting the facets of 50k
   * candidates then reads two small arrays instead of 50k objects spread over the heap.
   */
  private readonly typeOf: Uint8Array;
  private readonly marketsOf: Uint8Array;
  /** Each page's language (its index in LANGUAGES), 0xff for everything else. */
  private readonly langOf: Uint8Array;
  /** The candidates of the asked types, reused by every search (searches run one at a time). */
  private readonly kept: Int32Array;

  private constructor(
    private readonly docs: readonly HitFields[],
    fields: { title: TokenIndex; summary: TokenIndex; keywords: TokenIndex; other: TokenIndex },
    private readonly suggestions: TokenIndex,
    readonly builtAt: number,
  ) {
    this.matcher = new QueryMatcher(
      [
        { index: fields.title, weight: FIELD_WEIGHTS.title },
        { index: fields.summary, weight: FIELD_WEIGHTS.summary },
        { index: fields.keywords, weight: FIELD_WEIGHTS.keywords },
        { index: fields.other, weight: FIELD_WEIGHTS.other },
      ],
      docs.length,
    );
    this.kept = new Int32Array(docs.length);
    this.langOf = Uint8Array.from(docs, (d) => (d.lang === undefined ? 0xff : (LANGUAGES as readonly string[]).indexOf(d.lang) & 0xff));
    this.typeOf = Uint8Array.from(docs, (d) => SEARCH_TYPES.indexOf(d.type));
    this.marketsOf = Uint8Array.from(docs, (d) =>
      d.markets === undefined ? 0xff : d.markets.reduce((bits, m) => bits | (1 << (MARKET_CODES as readonly string[]).indexOf(m)), 0),
    );
  }

  /** Builds the index of `documents` (any order; ordered by merit with reviews' Bayesian ratings), yielding to requests between chunks. */
  static async build(documents: readonly SearchDocument[], builtAt: number, bayesianOf: BayesianOf = () => 0): Promise<SearchIndex> {
    const docs = [...documents].sort(compareMerit(bayesianOf));
    const title = new TokenIndexBuilder();
    const summary = new TokenIndexBuilder();
    const keywords = new TokenIndexBuilder();
    const other = new TokenIndexBuilder();
    const suggest = new TokenIndexBuilder();
    for (let o = 0; o < docs.length; o++) {
      const d = docs[o] as SearchDocument;
      title.add(o, d.title);
      suggest.add(o, d.title);
      summary.add(o, d.summary);
      for (const k of d.keywords) {
        keywords.add(o, k);
        suggest.add(o, k);
      }
      for (const x of d.other) other.add(o, x);
      if (o % CHUNK === CHUNK - 1) await yieldToRequests();
    }
    // Only what a hit shows is kept past the build (keywords, role words and ratings live on in the word indexes and the order).
    const kept: HitFields[] = docs.map(({ type, id, slug, title, summary, url, markets, lang }) => ({
      type,
      id,
      slug,
      title,
      summary,
      url,
      ...(markets ? { markets } : {}),
      ...(lang ? { lang } : {}),
    }));
    return new SearchIndex(
      kept,
      { title: title.build(), summary: summary.build(), keywords: keywords.build(), other: other.build() },
      suggest.build(),
      builtAt,
    );
  }

  /** How many documents of each type are indexed. */
  counts(): Record<SearchType, number> {
    const out = { service: 0, talent: 0, page: 0 };
    for (const d of this.docs) out[d.type]++;
    return out;
  }

  /** The hits of one page, best first: relevance (matched words, field weights), then merit. */
  search(r: SearchRequest): SearchAnswer {
    const terms = parseQuery(r.q);
    const match = this.matcher.match(terms);
    const counts = [0, 0, 0];
    const asked = SEARCH_TYPES.map((t) => r.types.has(t));
    const marketBit = r.market === undefined ? 0xff : 1 << MARKET_CODES.indexOf(r.market);
    const kept = this.kept;
    let n = 0;
    for (let i = 0; i < match.ordinals.length; i++) {
      const o = match.ordinals[i] as number;
      if (((this.marketsOf[o] as number) & marketBit) === 0) continue;
      const type = this.typeOf[o] as number;
      counts[type] = (counts[type] as number) + 1;
      if (asked[type]) kept[n++] = o;
    }
    const facets: Record<SearchType, number> = { service: counts[0] as number, talent: counts[1] as number, page: counts[2] as number };
    // The caller's language breaks ties between pages only: less than any difference of matched words or fields.
    const langCode = r.lang === undefined ? -1 : LANGUAGES.indexOf(r.lang);
    const relevance = langCode < 0 ? match.relevance : (o: number) => match.relevance(o) + (this.langOf[o] === langCode ? LANG_TIE_BREAK : 0);
    const ranked = topRanked(kept.subarray(0, n), relevance, r.page * r.limit).slice((r.page - 1) * r.limit);
    const hits = ranked.map((o) => {
      const d = this.docs[o] as HitFields;
      return { type: d.type, id: d.id, slug: d.slug, title: d.title, summary: d.summary, url: d.url, score: Math.round(relevance(o) * 100) / 100 };
    });
    return { hits, total: n, facets, normalised: terms.map((t) => t.word).join(' ') };
  }

  /** Up to MAX_SUGGESTIONS completions of the query's last word from titles, skills, industries and categories, most common first. */
  suggest(q: string): SearchSuggestion[] {
    const words = [...q.matchAll(/[\p{L}\p{M}\p{N}]+/gu)];
    const last = words.at(-1);
    if (!last) return [];
    const [word] = searchWords(last[0]);
    if (word === undefined) return [];
    const head = q.slice(0, last.index);
    return this.suggestions.completions(word, MAX_SUGGESTIONS).map((c) => ({ text: `${head}${c.word}`, word: c.word, count: c.count }));
  }
}

/** Every type, the default of `types`. */
export const ALL_TYPES: ReadonlySet<SearchType> = new Set(SEARCH_TYPES);
