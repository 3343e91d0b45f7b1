import { intersectSorted, unionSorted } from './posting-lists.ts';
import type { QueryTerm } from './query.ts';
import type { TokenIndex } from './token-index.ts';

/** One searchable field of the items: its word index and how much a match in it counts (title above summary). */
export interface WeightedIndex {
  index: TokenIndex;
  weight: number;
}

/** How much each kind of match is worth, times the field's weight: the word itself above a word it begins, a synonym, then a typo. */
export const MATCH_QUALITY = { exact: 1, prefix: 0.8, synonym: 0.75, typo: 0.5 } as const;
/** Synonym phrases remembered per matcher with their posting lists. */
const PHRASE_CACHE_MAX = 1_000;
/** What a stop word found adds, as a share of a word's weight (it never counts as a matched word). */
const OPTIONAL_SHARE = 0.1;

/**
 * The candidates of a one-word query, best first: relevance descending, then ordinal ascending
 * (items are numbered in their order of merit), in `levels` of equal relevance. A page of hits is
 * then the first few candidates that pass the caller's filters, not a pass over all of them.
 */
export interface RankedMatch {
  /** Every candidate, best first. */
  ordinals: Int32Array;
  /** Where each level of equal relevance ends in `ordinals` (ascending; the last is its length). */
  levelEnds: Int32Array;
  /** Each level's relevance, descending. */
  levelRelevance: Float64Array;
  /** What the caller derived from the candidates (facet counts per filter), kept as long as this ranking. */
  readonly derived: Map<string, unknown>;
}

/** Candidates held by the remembered rankings of one matcher (4 bytes each: some 8 MB), the least recently used forgotten first. */
const RANKED_MAX_ITEMS = 2_000_000;
/**
 * What a ranking costs besides its candidates, in candidates (4 bytes each: its key, object, Map
 * entry and typed arrays' headers, some 256 bytes): a ranking of no candidates (a word nobody
 * indexed, one per distinct query) is not free, so a stream of them cannot grow the memory.
 */
const RANKING_OVERHEAD_ITEMS = 64;

/** What a query matched: the candidate ordinals (every required term found; no order) and each one's relevance. */
export interface QueryMatch {
  /** A view of the matcher's buffer: read (or copy) it before the next match of the same matcher. */
  ordinals: Int32Array;
  /** Matched required terms × 100 + the sum of each term's best weight × quality (a tenth of it for a stop word); read before the next match of the same matcher. */
  relevance(ordinal: number): number;
}

/**
 * Matches parsed queries against items 0..size-1 described by weighted word indexes. The work is
 * one pass over the posting lists each term matches; per-item state lives in reused typed arrays
 * stamped per query and per term, so a search allocates only its answer. Not re-entrant (a search
 * is synchronous, so one matcher serves one snapshot's every request).
 */
export class QueryMatcher {
  private readonly queryStamp: Int32Array;
  private readonly termStamp: Int32Array;
  private readonly termScore: Float64Array;
  private readonly score: Float64Array;
  private readonly required: Uint8Array;
  private readonly matched: Uint8Array;
  /** The items the last term matched (its first `n` entries). */
  private readonly touched: Int32Array;
  /** The last match's candidates (its `ordinals` view). */
  private readonly candidates: Int32Array;
  private readonly phrases = new Map<string, [Int32Array, number][]>();
  /** Rankings of one-word queries by their term, least recently used first. */
  private readonly rankings = new Map<string, RankedMatch>();
  private rankedItems = 0;
  private query = 0;
  private term = 0;

  constructor(
    private readonly fields: readonly WeightedIndex[],
    readonly size: number,
    /** The candidates (plus RANKING_OVERHEAD_ITEMS per ranking) the remembered rankings may hold. */
    private readonly rankedMaxItems = RANKED_MAX_ITEMS,
  ) {
    this.queryStamp = new Int32Array(size);
    this.termStamp = new Int32Array(size);
    this.termScore = new Float64Array(size);
    this.score = new Float64Array(size);
    this.required = new Uint8Array(size);
    this.matched = new Uint8Array(size);
    this.touched = new Int32Array(size);
    this.candidates = new Int32Array(size);
  }

  /** The items holding every required term (a stop word only adds to the relevance); no required term matches nothing. */
  match(terms: readonly QueryTerm[]): QueryMatch {
    const q = this.nextQuery();
    const required = terms.filter((t) => t.required);
    const optional = terms.filter((t) => !t.required);
    let count = 0;
    for (let r = 0; r < required.length; r++) {
      count = this.scoreTerm(required[r] as QueryTerm, q, r, 1);
      for (let i = 0; i < count; i++) this.required[this.touched[i] as number] = r + 1;
    }
    const all = required.length;
    // A view of a reused buffer (a search at 100k items allocates no 200 KB copy per query).
    if (all > 0) this.candidates.set(this.touched.subarray(0, count));
    const ordinals = this.candidates.subarray(0, all === 0 ? 0 : count);
    for (const t of optional) if (all > 0) this.scoreTerm(t, q, all, OPTIONAL_SHARE);
    return {
      ordinals,
      relevance: (o) => (this.matched[o] as number) * 100 + (this.score[o] as number),
    };
  }

  /**
   * The candidates of a query of one required word, best first, remembered per matcher (the
   * indexes are immutable) so a broad word costs one pass over its posting lists, then only the
   * hits a page shows; undefined for any other query (`match` it). Ranked as `match` and
   * `topRanked` would: higher relevance first, then the lower ordinal.
   */
  ranked(terms: readonly QueryTerm[]): RankedMatch | undefined {
    const term = terms[0];
    if (terms.length !== 1 || !term?.required) return undefined;
    const key = `${term.prefix ? 'p' : 'x'}${term.edits}:${term.word}:${term.alternatives.map((a) => a.join(' ')).join('|')}`;
    const known = this.rankings.get(key);
    if (known) {
      this.rankings.delete(key);
      this.rankings.set(key, known);
      return known;
    }
    const m = this.match(terms);
    const n = m.ordinals.length;
    // Each candidate's level of relevance (a handful: field weight × kind of match), counted, then
    // laid out level after level, each level's ordinals ascending.
    const values: number[] = [];
    const levelOf = new Uint16Array(n);
    const sizes: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = m.relevance(m.ordinals[i] as number);
      let l = values.indexOf(r);
      if (l < 0) l = values.push(r) - 1;
      levelOf[i] = l;
      sizes[l] = (sizes[l] ?? 0) + 1;
    }
    const byRelevance = values.map((_, l) => l).sort((a, b) => (values[b] as number) - (values[a] as number));
    const levelRelevance = Float64Array.from(byRelevance, (l) => values[l] as number);
    const levelEnds = new Int32Array(values.length);
    const next = new Int32Array(values.length);
    let end = 0;
    byRelevance.forEach((l, rank) => {
      next[l] = end;
      end += sizes[l] as number;
      levelEnds[rank] = end;
    });
    const ordinals = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const l = levelOf[i] as number;
      ordinals[next[l] as number] = m.ordinals[i] as number;
      next[l] = (next[l] as number) + 1;
    }
    for (let l = 0, from = 0; l < levelEnds.length; from = levelEnds[l++] as number) ordinals.subarray(from, levelEnds[l]).sort();
    const ranking: RankedMatch = { ordinals, levelEnds, levelRelevance, derived: new Map() };
    this.rankings.set(key, ranking);
    this.rankedItems += n + RANKING_OVERHEAD_ITEMS;
    for (const [k, old] of this.rankings) {
      if (this.rankedItems <= this.rankedMaxItems || old === ranking) break;
      this.rankings.delete(k);
      this.rankedItems -= old.ordinals.length + RANKING_OVERHEAD_ITEMS;
    }
    return ranking;
  }

  /** How many rankings are remembered, and what they hold (candidates plus each one's overhead). */
  rankingsKept(): { rankings: number; items: number } {
    return { rankings: this.rankings.size, items: this.rankedItems };
  }

  /**
   * Adds one term's best weight to every item it matches among those that matched the `before`
   * required terms before it (all items for the first); the count of items it matched, which
   * `touched` holds. A stop word (`share` below 1) adds a share and never counts as matched.
   */
  private scoreTerm(term: QueryTerm, q: number, before: number, share: number): number {
    const t = this.nextTerm();
    const { termStamp, termScore, queryStamp, required, score, matched, touched } = this;
    let n = 0;
    for (const [list, weight] of this.listsOf(term)) {
      for (let i = 0; i < list.length; i++) {
        const o = list[i] as number;
        if (termStamp[o] === t) {
          if (weight > (termScore[o] as number)) termScore[o] = weight;
          continue;
        }
        if (before === 0 && share === 1) {
          if (queryStamp[o] !== q) {
            queryStamp[o] = q;
            score[o] = 0;
            required[o] = 0;
            matched[o] = 0;
          }
        } else if (queryStamp[o] !== q || required[o] !== before) continue;
        termStamp[o] = t;
        termScore[o] = weight;
        touched[n++] = o;
      }
    }
    for (let i = 0; i < n; i++) {
      const o = touched[i] as number;
      score[o] = (score[o] as number) + share * (termScore[o] as number);
      if (share === 1) matched[o] = (matched[o] as number) + 1;
    }
    return n;
  }

  /** Every posting list a term matches, with the weight a match there is worth. */
  private listsOf(term: QueryTerm): [Int32Array, number][] {
    const out: [Int32Array, number][] = [];
    for (const { index, weight } of this.fields) {
      const m = index.matches(term.word, { prefix: term.prefix, edits: term.edits });
      for (const l of m.exact) out.push([l, weight * MATCH_QUALITY.exact]);
      for (const l of m.prefix) out.push([l, weight * MATCH_QUALITY.prefix]);
      for (const l of m.typo) out.push([l, weight * MATCH_QUALITY.typo]);
    }
    for (const phrase of term.alternatives) out.push(...this.phraseLists(phrase));
    return out;
  }

  /**
   * The lists of a synonym phrase: one word as its own posting lists (no copy); several words
   * within one field at that field's weight, spread over several fields at the lowest weight.
   * Remembered per matcher, as the word matches are per index (both are immutable).
   */
  private phraseLists(phrase: readonly string[]): [Int32Array, number][] {
    const key = phrase.join(' ');
    const known = this.phrases.get(key);
    if (known) return known;
    const out: [Int32Array, number][] = [];
    if (phrase.length === 1) {
      for (const { index, weight } of this.fields) for (const l of prefixLists(index, phrase[0] as string)) out.push([l, weight * MATCH_QUALITY.synonym]);
    } else {
      const perField = this.fields.map(({ index }) => phrase.map((w) => unionSorted(prefixLists(index, w))));
      this.fields.forEach(({ weight }, f) => {
        out.push([intersectSorted(perField[f] as Int32Array[]), weight * MATCH_QUALITY.synonym]);
      });
      if (this.fields.length > 1) {
        const lowest = Math.min(...this.fields.map((f) => f.weight));
        out.push([intersectSorted(phrase.map((_, w) => unionSorted(perField.map((lists) => lists[w] as Int32Array)))), lowest * MATCH_QUALITY.synonym]);
      }
    }
    if (this.phrases.size >= PHRASE_CACHE_MAX) this.phrases.clear();
    this.phrases.set(key, out);
    return out;
  }

  private nextQuery(): number {
    this.query = this.query === 0x7fffffff ? 1 : this.query + 1;
    if (this.query === 1) this.queryStamp.fill(0);
    return this.query;
  }

  private nextTerm(): number {
    this.term = this.term === 0x7fffffff ? 1 : this.term + 1;
    if (this.term === 1) this.termStamp.fill(0);
    return this.term;
  }
}

function prefixLists(index: TokenIndex, word: string): Int32Array[] {
  const m = index.matches(word, { prefix: word.length > 1, edits: 0 });
  return [...m.exact, ...m.prefix];
}

/**
 * The `k` best of `ordinals`, best first: higher `relevance` first, then the lower ordinal (items
 * are numbered in their order of merit: rating, availability), without sorting every candidate.
 */
export function topRanked(ordinals: Int32Array, relevance: (ordinal: number) => number, k: number): number[] {
  if (k <= 0 || ordinals.length === 0) return [];
  const better = (a: number, b: number, ra: number, rb: number) => ra > rb || (ra === rb && a < b);
  // A min-heap of the k best so far: its root is the worst kept.
  const heap: number[] = [];
  const rel: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as number, heap[i] as number];
    [rel[i], rel[j]] = [rel[j] as number, rel[i] as number];
  };
  const worse = (i: number, j: number) => better(heap[j] as number, heap[i] as number, rel[j] as number, rel[i] as number);
  for (let n = 0; n < ordinals.length; n++) {
    const o = ordinals[n] as number;
    const r = relevance(o);
    if (heap.length < k) {
      heap.push(o);
      rel.push(r);
      for (let i = heap.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!worse(i, p)) break;
        swap(i, p);
        i = p;
      }
      continue;
    }
    if (!better(o, heap[0] as number, r, rel[0] as number)) continue;
    heap[0] = o;
    rel[0] = r;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const rr = l + 1;
      let m = i;
      if (l < heap.length && worse(l, m)) m = l;
      if (rr < heap.length && worse(rr, m)) m = rr;
      if (m === i) break;
      swap(i, m);
      i = m;
    }
  }
  const order = heap.map((o, i) => [o, rel[i] as number] as const);
  return order.sort((a, b) => (better(a[0], b[0], a[1], b[1]) ? -1 : 1)).map(([o]) => o);
}
