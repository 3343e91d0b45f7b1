import { MAX_SUGGESTIONS, type MarketCode, SEARCH_TYPES, type SearchHit, type SearchSuggestion, type SearchType } from '@tm/contracts';
import { parseQuery, QueryMatcher, searchWords, type TokenIndex, TokenIndexBuilder, topRanked, yieldToRequests } from '@tm/shared/search';
import { compareMerit, FIELD_WEIGHTS, type SearchDocument } from './documents.ts';

/** One search as the route asks it, already checked. */
export interface SearchRequest {
  q: string;
  types: ReadonlySet<SearchType>;
  /** The caller's market: services not offered there are left out (talent and pages are not). */
  market?: MarketCode;
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

/**
 * One version of the search index: every document in order of merit (rating, availability), a
 * word index per field (title, summary, keywords, other) matched by the shared QueryMatcher, and
 * a word index of titles, keywords and categories for suggestions. Immutable; the keeper swaps in
 * a new one when an upstream index changes.
 */
export class SearchIndex {
  private readonly matcher: QueryMatcher;

  private constructor(
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
  }

  /** Builds the index of `documents` (any order), yielding to requests between chunks. */
  static async build(documents: readonly SearchDocument[], builtAt: number): Promise<SearchIndex> {
    const docs = [...documents].sort(compareMerit);
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
    const match = this.matcher.match(terms);
    const facets: Record<SearchType, number> = { service: 0, talent: 0, page: 0 };
    const kept = new Int32Array(match.ordinals.length);
    let n = 0;
    for (let i = 0; i < match.ordinals.length; i++) {
      const o = match.ordinals[i] as number;
      const d = this.docs[o] as SearchDocument;
      if (r.market !== undefined && d.markets !== undefined && !d.markets.includes(r.market)) continue;
      facets[d.type]++;
      if (r.types.has(d.type)) kept[n++] = o;
    }
    const ranked = topRanked(kept.subarray(0, n), match.relevance, r.page * r.limit).slice((r.page - 1) * r.limit);
    const hits = ranked.map((o) => {
      const d = this.docs[o] as SearchDocument;
      return { type: d.type, id: d.id, slug: d.slug, title: d.title, summary: d.summary, url: d.url, score: Math.round(match.relevance(o) * 100) / 100 };
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
