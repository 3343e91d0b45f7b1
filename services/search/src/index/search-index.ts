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
import {
  parseQuery,
  QueryMatcher,
  type QueryTerm,
  type RankedMatch,
  releaseBatch,
  searchWords,
  type TokenIndex,
  TokenIndexBuilder,
  topRanked,
  yieldToRequests,
} from '@tm/shared/search';
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

/** Documents indexed between collections of the build's garbage (the words of each text), and between full collections. */
const CHUNK = 5_000;
const FULL_CHUNK = 50_000;
/** What the caller's language adds to a page's relevance: below the smallest difference two matches can make (0.05, a synonym against a longer word in `other`). */
const LANG_TIE_BREAK = 0.01;
/** Several-word answers remembered per index version (a page of at most 50 hits each: a few MB at most). */
const ANSWERS_MAX = 1_000;
/** Requests remembered for the next index to ask again, and how many it asks between yields. */
const RECENT_MAX = 200;
const WARM_BATCH = 10;
/** SEARCH_TYPES.indexOf('page'). */
const PAGE = SEARCH_TYPES.indexOf('page');
const NO_POSITIONS = new Int32Array(0);

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
  /** The requests asked last, least recently first (a rebuild asks the new index them: warmFrom). */
  private readonly recent = new Map<string, SearchRequest>();
  /** Answers of several-word queries by query and request, least recently used first (treat them as read-only). */
  private readonly answers = new Map<string, SearchAnswer>();
  /** The candidates of the asked types, reused by every search (searches run one at a time). */
  private readonly kept: Int32Array;

  private constructor(
    /** The documents themselves, in order of merit (the keeper holds them for its next build anyway: no copy). */
    private readonly docs: readonly SearchDocument[],
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
      if (o % CHUNK === CHUNK - 1) await releaseBatch({ full: o % FULL_CHUNK === CHUNK - 1 });
    }
    return new SearchIndex(
      docs,
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
    const normalised = terms.map((t) => t.word).join(' ');
    const key = [normalised, SEARCH_TYPES.filter((t) => r.types.has(t)).join(','), r.market, r.lang, r.page, r.limit].join('\n');
    this.recent.delete(key);
    this.recent.set(key, r);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value as string);
    const ranking = this.matcher.ranked(terms);
    if (ranking) return this.pageOf(ranking, r, normalised);
    // Several words: the answer itself is remembered for this index version (the words decide the terms).
    const known = this.answers.get(key);
    if (known) {
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = this.scored(terms, r, normalised);
    if (this.answers.size >= ANSWERS_MAX) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, answer);
    return answer;
  }

  /**
   * Asks this index the requests `previous` (the index it replaces) was asked last, up to
   * `max`, oldest first, yielding to requests between a few: the words people are searching for
   * are ranked again before this index serves, so a rebuild does not make their next ask pay the
   * scoring pass. Answers how many were asked.
   */
  async warmFrom(previous: SearchIndex, max = RECENT_MAX): Promise<number> {
    const requests = [...previous.recent.values()].slice(-max);
    for (let i = 0; i < requests.length; i++) {
      this.search(requests[i] as SearchRequest);
      if (i % WARM_BATCH === WARM_BATCH - 1) await yieldToRequests();
    }
    return requests.length;
  }

  /**
   * One page of any query by scoring every candidate (a bounded heap keeps the page's best): what
   * a query of several words takes, and the reference a one-word query's ranking must equal.
   */
  scored(terms: readonly QueryTerm[], r: SearchRequest, normalised: string): SearchAnswer {
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
    const hits = ranked.map((o) => this.hit(o, relevance(o)));
    return { hits, total: n, facets, normalised };
  }

  /**
   * One page of a one-word query from its ranking (see QueryMatcher.ranked): the first candidates
   * that pass the market and types, level by level of relevance, the caller's language's pages
   * first within a level (LANG_TIE_BREAK); facets counted once per ranking and market.
   */
  private pageOf(ranked: RankedMatch, r: SearchRequest, normalised: string): SearchAnswer {
    const { ordinals, levelEnds, levelRelevance } = ranked;
    const marketBit = r.market === undefined ? 0xff : 1 << MARKET_CODES.indexOf(r.market);
    const counts = this.facetsOf(ranked, marketBit);
    const asked = SEARCH_TYPES.map((t) => r.types.has(t));
    const facets: Record<SearchType, number> = { service: counts[0] as number, talent: counts[1] as number, page: counts[2] as number };
    const total = counts.reduce((sum, c, type) => sum + (asked[type] ? c : 0), 0);
    const langCode = r.lang === undefined || !asked[PAGE] ? -1 : LANGUAGES.indexOf(r.lang);
    const pages = langCode < 0 ? NO_POSITIONS : this.pagePositions(ranked);
    const passes = (o: number) => ((this.marketsOf[o] as number) & marketBit) !== 0 && (asked[this.typeOf[o] as number] as boolean);
    const want = r.page * r.limit;
    const picked: number[] = [];
    const relevance: number[] = [];
    let p = 0;
    for (let l = 0, from = 0; l < levelEnds.length && picked.length < want; from = levelEnds[l++] as number) {
      const to = levelEnds[l] as number;
      const level = levelRelevance[l] as number;
      // The caller's language's pages of this level first (through the pages' positions, not the whole level).
      for (; p < pages.length && (pages[p] as number) < to && picked.length < want; p++) {
        const o = ordinals[pages[p] as number] as number;
        if (this.langOf[o] === langCode && passes(o)) {
          picked.push(o);
          relevance.push(level + LANG_TIE_BREAK);
        }
      }
      for (; p < pages.length && (pages[p] as number) < to; p++);
      for (let i = from; i < to && picked.length < want; i++) {
        const o = ordinals[i] as number;
        if ((langCode < 0 || this.langOf[o] !== langCode) && passes(o)) {
          picked.push(o);
          relevance.push(level);
        }
      }
    }
    const from = (r.page - 1) * r.limit;
    const hits = picked.slice(from).map((o, i) => this.hit(o, relevance[from + i] as number));
    return { hits, total, facets, normalised };
  }

  /** How many candidates of a ranking of each type a market sees (counted once per ranking and market). */
  private facetsOf(ranked: RankedMatch, marketBit: number): number[] {
    const key = `facets:${marketBit}`;
    const known = ranked.derived.get(key) as number[] | undefined;
    if (known) return known;
    const counts = [0, 0, 0];
    for (let i = 0; i < ranked.ordinals.length; i++) {
      const o = ranked.ordinals[i] as number;
      if (((this.marketsOf[o] as number) & marketBit) === 0) continue;
      const type = this.typeOf[o] as number;
      counts[type] = (counts[type] as number) + 1;
    }
    ranked.derived.set(key, counts);
    return counts;
  }

  /** Where a ranking's pages are, ascending (few: pages are hundreds among 200k). */
  private pagePositions(ranked: RankedMatch): Int32Array {
    const known = ranked.derived.get('pages') as Int32Array | undefined;
    if (known) return known;
    const at: number[] = [];
    for (let i = 0; i < ranked.ordinals.length; i++) if (this.typeOf[ranked.ordinals[i] as number] === PAGE) at.push(i);
    const positions = Int32Array.from(at);
    ranked.derived.set('pages', positions);
    return positions;
  }

  private hit(o: number, relevance: number): SearchHit {
    const d = this.docs[o] as SearchDocument;
    return { type: d.type, id: d.id, slug: d.slug, title: d.title, summary: d.summary, url: d.url, score: Math.round(relevance * 100) / 100 };
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
