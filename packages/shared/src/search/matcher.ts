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
/** What a stop word found adds, as a share of a word's weight (it never counts as a matched word). */
const OPTIONAL_SHARE = 0.1;

/** What a query matched: the candidate ordinals (every required term found; no order) and each one's relevance. */
export interface QueryMatch {
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
  private query = 0;
  private term = 0;

  constructor(
    private readonly fields: readonly WeightedIndex[],
    readonly size: number,
  ) {
    this.queryStamp = new Int32Array(size);
    this.termStamp = new Int32Array(size);
    this.termScore = new Float64Array(size);
    this.score = new Float64Array(size);
    this.required = new Uint8Array(size);
    this.matched = new Uint8Array(size);
  }

  /** The items holding every required term (a stop word only adds to the relevance); no required term matches nothing. */
  match(terms: readonly QueryTerm[]): QueryMatch {
    const q = this.nextQuery();
    const required = terms.filter((t) => t.required);
    const optional = terms.filter((t) => !t.required);
    let candidates: number[] = [];
    required.forEach((t, r) => {
      candidates = this.scoreTerm(t, (o) => {
        if (r === 0) {
          if (this.queryStamp[o] !== q) {
            this.queryStamp[o] = q;
            this.score[o] = 0;
            this.required[o] = 0;
            this.matched[o] = 0;
          }
          return true;
        }
        return this.queryStamp[o] === q && this.required[o] === r;
      });
      for (const o of candidates) this.required[o] = r + 1;
    });
    const all = required.length;
    for (const t of optional) this.scoreTerm(t, (o) => this.queryStamp[o] === q && this.required[o] === all && all > 0, OPTIONAL_SHARE);
    return {
      ordinals: all === 0 ? new Int32Array(0) : Int32Array.from(candidates),
      relevance: (o) => (this.matched[o] as number) * 100 + (this.score[o] as number),
    };
  }

  /** Adds one term's best weight to every item it matches that `eligible` admits; the items it matched. */
  private scoreTerm(term: QueryTerm, eligible: (ordinal: number) => boolean, share = 1): number[] {
    const t = this.nextTerm();
    const touched: number[] = [];
    for (const [list, weight] of this.listsOf(term)) {
      for (let i = 0; i < list.length; i++) {
        const o = list[i] as number;
        if (this.termStamp[o] === t) {
          if (weight > (this.termScore[o] as number)) this.termScore[o] = weight;
          continue;
        }
        if (!eligible(o)) continue;
        this.termStamp[o] = t;
        this.termScore[o] = weight;
        touched.push(o);
      }
    }
    for (const o of touched) {
      this.score[o] = (this.score[o] as number) + share * (this.termScore[o] as number);
      // A stop word found is a hint, not a matched word: "for" must not outrank what was asked for.
      if (share === 1) this.matched[o] = (this.matched[o] as number) + 1;
    }
    return touched;
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
    for (const phrase of term.alternatives) {
      // Within one field at that field's weight; spread over several fields at the lowest.
      const perField = this.fields.map(({ index }) => phrase.map((w) => unionSorted(prefixLists(index, w))));
      this.fields.forEach(({ weight }, f) => {
        out.push([intersectSorted(perField[f] as Int32Array[]), weight * MATCH_QUALITY.synonym]);
      });
      if (this.fields.length > 1) {
        const lowest = Math.min(...this.fields.map((f) => f.weight));
        out.push([intersectSorted(phrase.map((_, w) => unionSorted(perField.map((lists) => lists[w] as Int32Array)))), lowest * MATCH_QUALITY.synonym]);
      }
    }
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
