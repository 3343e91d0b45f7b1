import { utf8Text } from '../core/utf8.ts';
import { intersectSorted, NO_ORDINALS, unionSorted } from './posting-lists.ts';
import { RecentMemo } from './recent-memo.ts';
import { prefixEnd, searchWords } from './search-tokens.ts';
import { withinEdits } from './typos.ts';

/** How a query word matched an indexed word: the word itself, a word it begins, or a word within the typo budget. */
export type WordMatchKind = 'exact' | 'prefix' | 'typo';

/** The posting lists a query word matches in one index, by kind (each indexed word in one kind only). */
export interface WordMatches {
  exact: Int32Array[];
  prefix: Int32Array[];
  typo: Int32Array[];
}

/** Query words remembered per index with their matches (an index is immutable, so they never go stale). */
const MATCH_CACHE_MAX = 2_000;
/**
 * Texts a builder remembers the words of, per generation (RecentMemo): the repeated ones (skills,
 * cities, a summary template) stay; unique ones (200k titles) would otherwise hold a typed array
 * each until the build ends.
 */
const CUTS_MAX = 10_000;

/**
 * An inverted index over the words of numbered items (ordinals 0..n-1): each distinct word with
 * the ascending ordinals holding it, the words themselves sorted so a prefix is one range of them.
 * A query word matches every indexed word it begins ("kube" finds "kubernetes"); no regex runs.
 * The posting lists share one buffer (`starts[i]..starts[i + 1]` is word i's), not one array each.
 */
export class TokenIndex {
  private readonly cache = new Map<string, WordMatches>();

  /** Made by TokenIndexBuilder (or TokenIndex.build), which lays out the buffer. */
  constructor(
    private readonly words: readonly string[],
    private readonly starts: Int32Array,
    private readonly ordinals: Int32Array,
  ) {}

  /** Builds the index of `size` items from each item's words. */
  static build(size: number, wordsOf: (ordinal: number) => Iterable<string>): TokenIndex {
    const builder = new TokenIndexBuilder();
    for (let i = 0; i < size; i++) builder.addWords(i, wordsOf(i));
    return builder.build();
  }

  /** The posting list of each indexed word that starts with `prefix` (views, no copy). */
  postings(prefix: string): Int32Array[] {
    const end = prefixEnd(prefix);
    const lists: Int32Array[] = [];
    for (let i = lowerBound(this.words, prefix); i < this.words.length && (this.words[i] as string) < end; i++) {
      lists.push(this.ordinals.subarray(this.starts[i], this.starts[i + 1]));
    }
    return lists;
  }

  /**
   * Every indexed word the query word matches: itself, the words it begins (when `prefix`), and
   * the words within `edits` edits whose first letter is the same (a first-letter typo is rare and
   * would scan the whole vocabulary). Remembered per index, so a repeated query costs nothing.
   */
  matches(word: string, options: { prefix: boolean; edits: number }): WordMatches {
    const key = `${options.prefix ? 'p' : 'x'}${options.edits}:${word}`;
    const known = this.cache.get(key);
    if (known) return known;
    const out: WordMatches = { exact: [], prefix: [], typo: [] };
    const list = (i: number) => this.ordinals.subarray(this.starts[i], this.starts[i + 1]);
    const first = lowerBound(this.words, word);
    const prefixed = new Set<number>();
    if (this.words[first] === word) {
      out.exact.push(list(first));
      prefixed.add(first);
    }
    if (options.prefix) {
      const end = prefixEnd(word);
      for (let i = first; i < this.words.length && (this.words[i] as string) < end; i++) {
        if (prefixed.has(i)) continue;
        out.prefix.push(list(i));
        prefixed.add(i);
      }
    }
    if (options.edits > 0 && word.length > 0) {
      const lead = word[0] as string;
      const from = lowerBound(this.words, lead);
      const to = lowerBound(this.words, String.fromCharCode(lead.charCodeAt(0) + 1));
      for (let i = from; i < to; i++) {
        if (prefixed.has(i)) continue;
        const w = this.words[i] as string;
        if (Math.abs(w.length - word.length) <= options.edits && withinEdits(word, w, options.edits)) out.typo.push(list(i));
      }
    }
    if (this.cache.size >= MATCH_CACHE_MAX) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** Indexed words beginning with `prefix` and how many items hold each, most held first (for suggestions). */
  completions(prefix: string, max: number): { word: string; count: number }[] {
    const end = prefixEnd(prefix);
    const found: { word: string; count: number }[] = [];
    for (let i = lowerBound(this.words, prefix); i < this.words.length && (this.words[i] as string) < end; i++) {
      found.push({ word: this.words[i] as string, count: (this.starts[i + 1] as number) - (this.starts[i] as number) });
    }
    return found.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1)).slice(0, max);
  }

  /** How many distinct words are indexed (for the bench and logs). */
  get size(): number {
    return this.words.length;
  }

  /** The index's own string for `word`, when it holds the word (a rebuild keeps it instead of the copy it just read). */
  held(word: string): string | undefined {
    const at = lowerBound(this.words, word);
    return this.words[at] === word ? this.words[at] : undefined;
  }
}

/**
 * Collects items' words in ascending ordinal order, then builds a TokenIndex. Each distinct text
 * is cut into words once per builder (a directory repeats its skills, industries and cities on
 * thousands of cards), and an item's words are kept as word numbers, not strings in a Map of arrays.
 */
export class TokenIndexBuilder {
  private readonly idOf = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly counts: number[] = [];
  private readonly lastOrdinal: number[] = [];
  private readonly cuts = new RecentMemo<string, Int32Array>(CUTS_MAX);
  /** Words added as UTF-8 bytes (addUtf8Word), by their bytes. */
  private utf8: Utf8Words | undefined;
  /** Ids of words first added as bytes and not in `idOf` yet (put there when a string is added). */
  private readonly unmapped: number[] = [];
  /**
   * The word ids of every (word, item) pair in the order added, and per item one run: its ordinal
   * and where its ids end. Pairs come in ascending ordinal order, so the ordinal is kept once per
   * item, not once per pair: at 100k services and four languages the interleaved pairs held
   * ~130 MB outside the heap through a catalog build, these half of it.
   */
  private ids = new Int32Array(1 << 16);
  private pairCount = 0;
  private runOrdinals = new Int32Array(1 << 10);
  private runEnds = new Int32Array(1 << 10);
  private runCount = 0;
  private current = 0;

  /** Adds the words of `text` to item `ordinal` (not below any ordinal added before). */
  add(ordinal: number, text: string): void {
    let ids = this.cuts.get(text);
    if (!ids) {
      ids = Int32Array.from(searchWords(text), (w) => this.idFor(w));
      this.cuts.set(text, ids);
    }
    this.at(ordinal);
    for (let i = 0; i < ids.length; i++) this.pair(ids[i] as number, ordinal);
  }

  /** Adds words already in their search form to item `ordinal` (not below any ordinal added before). */
  addWords(ordinal: number, words: Iterable<string>): void {
    this.at(ordinal);
    for (const w of words) this.pair(this.idFor(w), ordinal);
  }

  /**
   * Adds one word already in its search form, given as its UTF-8 bytes `bytes[start..end)` (a
   * string inside a document read as BSON), to item `ordinal` (not below any ordinal added
   * before). The bytes are looked up as bytes: a string is made only for a word not seen before,
   * so a catalog's 6M stored words cost no string and no string hashing each (docs/scale.md,
   * "Seventh pass"). The same word added as a string maps to the same word. Invalid UTF-8 throws
   * a TypeError, as a driver's decoding would.
   */
  addUtf8Word(ordinal: number, bytes: Uint8Array, start: number, end: number): void {
    this.at(ordinal);
    this.utf8 ??= new Utf8Words();
    let id = this.utf8.find(bytes, start, end);
    if (id < 0) {
      const word = utf8Text(bytes, start, end);
      // Known by its string (added by add or addWords), or new: then not put in the string Map
      // until a string is added (unmapped), so a build that adds bytes only never writes the Map
      // (a Map written between collections is walked again by each of them).
      id = this.idOf.get(word) ?? -1;
      if (id < 0) {
        id = this.newWord(word);
        this.unmapped.push(id);
      }
      this.utf8.add(bytes, start, end, id);
    }
    this.pair(id, ordinal);
  }

  /**
   * The index of everything added; the builder is spent. A word `previous` (the index this one
   * replaces) holds keeps that index's string, so the two never hold the same words twice.
   */
  build(previous?: TokenIndex): TokenIndex {
    const order = this.words.map((_, id) => id).sort((a, b) => ((this.words[a] as string) < (this.words[b] as string) ? -1 : 1));
    const starts = new Int32Array(order.length + 1);
    const next = new Int32Array(this.words.length);
    for (let r = 0; r < order.length; r++) {
      const id = order[r] as number;
      next[id] = starts[r] as number;
      starts[r + 1] = (starts[r] as number) + (this.counts[id] as number);
    }
    // Pairs were added in ascending ordinal order, so each word's list fills in ascending order.
    const ordinals = new Int32Array(starts[order.length] as number);
    let p = 0;
    for (let r = 0; r < this.runCount; r++) {
      const ordinal = this.runOrdinals[r] as number;
      for (const end = this.runEnds[r] as number; p < end; p++) {
        const id = this.ids[p] as number;
        const at = next[id] as number;
        ordinals[at] = ordinal;
        next[id] = at + 1;
      }
    }
    return new TokenIndex(
      order.map((id) => {
        const word = this.words[id] as string;
        return previous?.held(word) ?? word;
      }),
      starts,
      ordinals,
    );
  }

  private at(ordinal: number): void {
    if (ordinal < this.current) throw new RangeError(`ordinal ${ordinal} added after ${this.current}`);
    this.current = ordinal;
  }

  private idFor(word: string): number {
    if (this.unmapped.length > 0) {
      for (const id of this.unmapped) this.idOf.set(this.words[id] as string, id);
      this.unmapped.length = 0;
    }
    let id = this.idOf.get(word);
    if (id === undefined) {
      id = this.newWord(word);
      this.idOf.set(word, id);
    }
    return id;
  }

  private newWord(word: string): number {
    this.counts.push(0);
    this.lastOrdinal.push(-1);
    return this.words.push(word) - 1;
  }

  /** Records that item `ordinal` holds word `id`, once per item. */
  private pair(id: number, ordinal: number): void {
    if (this.lastOrdinal[id] === ordinal) return;
    this.lastOrdinal[id] = ordinal;
    this.counts[id] = (this.counts[id] as number) + 1;
    if (this.pairCount === this.ids.length) this.ids = grown(this.ids);
    this.ids[this.pairCount++] = id;
    if (this.runCount === 0 || this.runOrdinals[this.runCount - 1] !== ordinal) {
      if (this.runCount === this.runOrdinals.length) {
        this.runOrdinals = grown(this.runOrdinals);
        this.runEnds = grown(this.runEnds);
      }
      this.runOrdinals[this.runCount++] = ordinal;
    }
    this.runEnds[this.runCount - 1] = this.pairCount;
  }
}

/** `a` copied into an array twice its length. */
function grown<A extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(a: A, atLeast = 0): A {
  const bigger = new (a.constructor as new (n: number) => A)(Math.max(a.length * 2, atLeast));
  bigger.set(a);
  return bigger;
}

/**
 * A hash table from a word's UTF-8 bytes to its id in a TokenIndexBuilder: open addressing over
 * typed arrays (FNV-1a, linear probing), each word's bytes kept once in one buffer. Outside the
 * JS heap but for a few arrays, so a build's collections do not walk it.
 */
class Utf8Words {
  /** Entry + 1 per slot, 0 when free; a power of two, at most half full. */
  private slots = new Int32Array(1 << 16);
  private hashes = new Int32Array(1 << 12);
  private offsets = new Int32Array(1 << 12);
  private lengths = new Int32Array(1 << 12);
  private ids = new Int32Array(1 << 12);
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private count = 0;

  /** The id of the word `bytes[start..end)`, or -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const hash = fnv1a(bytes, start, end);
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const e = (this.slots[s] as number) - 1;
      if (e < 0) return -1;
      if (this.hashes[e] !== hash || this.lengths[e] !== length) continue;
      const at = this.offsets[e] as number;
      let i = 0;
      while (i < length && this.bytes[at + i] === bytes[start + i]) i++;
      if (i === length) return this.ids[e] as number;
    }
  }

  /** Records that the word `bytes[start..end)` (not held yet) is `id`. */
  add(bytes: Uint8Array, start: number, end: number, id: number): void {
    const length = end - start;
    if (this.count === this.ids.length) {
      this.hashes = grown(this.hashes);
      this.offsets = grown(this.offsets);
      this.lengths = grown(this.lengths);
      this.ids = grown(this.ids);
    }
    if (this.used + length > this.bytes.length) this.bytes = grown(this.bytes, this.used + length);
    const e = this.count++;
    this.hashes[e] = fnv1a(bytes, start, end);
    this.offsets[e] = this.used;
    this.lengths[e] = length;
    this.ids[e] = id;
    for (let i = 0; i < length; i++) this.bytes[this.used + i] = bytes[start + i] as number;
    this.used += length;
    if (this.count * 2 > this.slots.length) this.rehash();
    else this.place(e);
  }

  private place(e: number): void {
    const mask = this.slots.length - 1;
    let s = (this.hashes[e] as number) & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = e + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let e = 0; e < this.count; e++) this.place(e);
  }
}

/** FNV-1a over `bytes[start..end)`, as a signed 32-bit number. */
function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h;
}

/**
 * The ordinals, ascending, of the items where every query word begins some word in one of
 * `indexes` (e.g. the caller's language or English); no words matches nothing. Per word the
 * postings of every indexed word it begins, in every index, are united; the words are intersected.
 */
export function ordinalsWithEveryWord(indexes: readonly TokenIndex[], words: readonly string[]): Int32Array {
  if (words.length === 0) return NO_ORDINALS;
  return intersectSorted(words.map((w) => unionSorted(indexes.flatMap((index) => index.postings(w)))));
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
