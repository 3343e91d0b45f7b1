import { prefixEnd } from './search-tokens.ts';

/**
 * An inverted index over the words of numbered items (ordinals 0..n-1): each distinct word with
 * the sorted ordinals holding it, the words themselves sorted so a prefix is one range of them.
 * A query word matches every indexed word it begins ("kube" finds "kubernetes"); no regex runs.
 */
export class TokenIndex {
  private constructor(
    private readonly words: readonly string[],
    private readonly postings: readonly Int32Array[],
  ) {}

  /** Builds the index of `size` items from each item's words. */
  static build(size: number, wordsOf: (ordinal: number) => Iterable<string>): TokenIndex {
    const lists = new Map<string, number[]>();
    for (let i = 0; i < size; i++) {
      for (const w of wordsOf(i)) {
        const list = lists.get(w);
        if (!list) lists.set(w, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    }
    const words = [...lists.keys()].sort();
    return new TokenIndex(
      words,
      words.map((w) => Int32Array.from(lists.get(w) as number[])),
    );
  }

  /** Marks in `hits` every ordinal holding a word that starts with `prefix` (and, when given, set in `within`). */
  mark(prefix: string, hits: Uint8Array, within?: Uint8Array): void {
    const end = prefixEnd(prefix);
    for (let i = lowerBound(this.words, prefix); i < this.words.length && (this.words[i] as string) < end; i++) {
      const list = this.postings[i] as Int32Array;
      for (let j = 0; j < list.length; j++) {
        const o = list[j] as number;
        if (!within || within[o]) hits[o] = 1;
      }
    }
  }

  /** How many distinct words are indexed (for the bench and logs). */
  get size(): number {
    return this.words.length;
  }
}

/**
 * The ordinals of `size` items where every query word begins some word in one of `indexes`
 * (e.g. the caller's language and English), as a 0/1 array; no words matches nothing.
 */
export function matchEveryWord(indexes: readonly TokenIndex[], words: readonly string[], size: number): Uint8Array {
  let within: Uint8Array | undefined;
  if (words.length === 0) return new Uint8Array(size);
  for (const w of words) {
    const hits = new Uint8Array(size);
    for (const index of indexes) index.mark(w, hits, within);
    within = hits;
  }
  return within as Uint8Array;
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
