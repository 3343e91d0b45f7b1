import { describe, expect, it } from 'bun:test';
import { queryWords } from './search-tokens.ts';
import { ordinalsWithEveryWord, TokenIndex, TokenIndexBuilder } from './token-index.ts';

const plain = (l: Int32Array) => [...l];
const indexOf = (texts: string[]) => {
  const builder = new TokenIndexBuilder();
  texts.forEach((t, o) => {
    builder.add(o, t);
  });
  return builder.build();
};
const find = (indexes: TokenIndex[], query: string) => plain(ordinalsWithEveryWord(indexes, queryWords(query)));

const en = indexOf([
  'React developer in Berlin', // 0
  'Kubernetes architect', // 1
  'React Native and Kubernetes', // 2
  'Django developer', // 3
  'Data architecture for retail', // 4
]);

describe('TokenIndex', () => {
  it('finds every item with a word the query word begins, ascending', () => {
    expect(find([en], 'kube')).toEqual([1, 2]);
    expect(find([en], 'REACT')).toEqual([0, 2]);
  });

  it('unites the items of every word a prefix begins, each once', () => {
    // "d" begins developer, django, data: item 3 holds two of them.
    expect(find([en], 'd')).toEqual([0, 3, 4]);
    expect(find([en], 'arch')).toEqual([1, 4]);
  });

  it('keeps only the items holding every query word', () => {
    expect(find([en], 'kubernetes architect')).toEqual([1]);
    expect(find([en], 'react dev')).toEqual([0]);
    expect(find([en], 'react python')).toEqual([]);
  });

  it('matches nothing for a query with no words', () => {
    expect(find([en], '.*(')).toEqual([]);
    expect(plain(ordinalsWithEveryWord([en], []))).toEqual([]);
  });

  it('takes a word from either index: the caller’s language or English', () => {
    const de = indexOf(['React Entwickler in Berlin', 'Kubernetes Architekt', '', 'Django Entwickler', 'Datenarchitektur für den Handel']);
    expect(find([de, en], 'entwickler django')).toEqual([3]);
    expect(find([de, en], 'architekt')).toEqual([1]);
    expect(find([de, en], 'architect')).toEqual([1, 4]);
    expect(find([de, en], 'handel retail')).toEqual([4]);
    expect(find([de, en], 'native')).toEqual([2]);
    expect(find([de], 'native')).toEqual([]);
  });

  it('matches a short prefix shared by many words across a large index', () => {
    const words = Array.from({ length: 500 }, (_, k) => `w${k.toString(36)}x`);
    const index = TokenIndex.build(10_000, (o) => [words[o % 500] as string, words[(o * 7) % 500] as string, o % 2 === 0 ? 'even' : 'odd']);
    expect(index.size).toBe(502);
    expect(ordinalsWithEveryWord([index], ['w']).length).toBe(10_000);
    expect(plain(ordinalsWithEveryWord([index], ['w1', 'odd']))).toEqual(
      Array.from({ length: 10_000 }, (_, o) => o).filter((o) => o % 2 === 1 && [o % 500, (o * 7) % 500].some((k) => k.toString(36).startsWith('1'))),
    );
  });

  it('indexes a word once per item even when several texts of the item hold it', () => {
    const builder = new TokenIndexBuilder();
    builder.add(0, 'react');
    builder.add(0, 'React developer');
    builder.addWords(2, ['react']);
    expect(plain(ordinalsWithEveryWord([builder.build()], ['react']))).toEqual([0, 2]);
  });

  it('lists, past the first growth of its buffers, the items of every word as a plain map of sets does (several texts per item, items without words)', () => {
    // 3,000 items of ~30 words: ~90,000 (word, item) pairs and 3,000 items, past the first sizes of
    // the word-id buffer (65,536) and of the per-item runs (1,024).
    const builder = new TokenIndexBuilder();
    const expected = new Map<string, Set<number>>();
    const note = (o: number, words: string[]) => {
      for (const w of words) {
        const items = expected.get(w) ?? new Set<number>();
        expected.set(w, items.add(o));
      }
    };
    for (let o = 0; o < 3_000; o++) {
      if (o % 7 === 3) continue; // an item with no words at all
      const words = Array.from({ length: 15 }, (_, k) => `w${((o * 31 + k * 17) % 997).toString(36)}`);
      builder.addWords(o, words);
      note(o, words);
      const more = [`u${o}`, `w${(o % 997).toString(36)}`, 'common'];
      builder.addWords(o, more);
      note(o, more);
      if (o % 5 === 0) {
        builder.add(o, 'Second text, same item');
        note(o, ['second', 'text', 'same', 'item']);
      }
    }
    const index = builder.build();
    expect(index.size).toBe(expected.size);
    for (const [w, items] of expected) expect(plain(index.postings(w)[0] ?? new Int32Array())).toEqual([...items].sort((a, b) => a - b));
  });

  it('refuses an ordinal below one already added (lists must stay ascending)', () => {
    const builder = new TokenIndexBuilder();
    builder.add(3, 'a');
    expect(() => builder.add(2, 'b')).toThrow(RangeError);
  });
});

describe('TokenIndexBuilder.addUtf8Word', () => {
  /** Adds each word of `words` to `ordinal` as its UTF-8 bytes inside a larger buffer. */
  const addBytes = (builder: TokenIndexBuilder, ordinal: number, words: string[]) => {
    const parts = words.map((w) => new TextEncoder().encode(w));
    const buffer = new Uint8Array(parts.reduce((n, p) => n + p.length + 3, 7));
    let at = 5;
    for (const p of parts) {
      buffer.set(p, at);
      builder.addUtf8Word(ordinal, buffer, at, at + p.length);
      at += p.length + 3;
    }
  };

  it('builds the index addWords builds, words given as bytes and as strings mixed (one id per word)', () => {
    const items = [['react', 'berlin', 'größe'], ['kubernetes', 'react', 'عربى'], ['größe', 'react', 'react'], [], ['हिंदी', 'kubernetes', 'data']];
    const strings = new TokenIndexBuilder();
    for (const [o, words] of items.entries()) strings.addWords(o, words);
    const expected = strings.build();
    // Every other item as bytes, the others as strings, in three orders of first use.
    for (const bytesFirst of [true, false]) {
      const mixed = new TokenIndexBuilder();
      for (const [o, words] of items.entries()) (o % 2 === 0) === bytesFirst ? addBytes(mixed, o, words) : mixed.addWords(o, words);
      const built = mixed.build();
      expect(built.size).toBe(expected.size);
      expect(built.completions('', 100)).toEqual(expected.completions('', 100));
      for (const w of ['react', 'größe', 'عربى', 'हिंदी', 'kube', 'd', 'b'])
        expect(plain(ordinalsWithEveryWord([built], [w]))).toEqual(plain(ordinalsWithEveryWord([expected], [w])));
    }
    const bytesOnly = new TokenIndexBuilder();
    for (const [o, words] of items.entries()) addBytes(bytesOnly, o, words);
    expect(bytesOnly.build().completions('', 100)).toEqual(expected.completions('', 100));
  });

  it('keeps thousands of distinct words apart as its table grows, and fails on bytes that are not UTF-8', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
    const builder = new TokenIndexBuilder();
    for (const [o, w] of words.entries()) addBytes(builder, o, [w, words[(o * 7) % words.length] as string]);
    const index = builder.build();
    expect(index.size).toBe(words.length);
    const fromStrings = TokenIndex.build(words.length, (o) => [words[o] as string, words[(o * 7) % words.length] as string]);
    expect(index.completions('', 100_000)).toEqual(fromStrings.completions('', 100_000));
    for (const w of ['w1z', 'w', 'wa', 'w12']) expect(plain(ordinalsWithEveryWord([index], [w]))).toEqual(plain(ordinalsWithEveryWord([fromStrings], [w])));
    expect(() => builder.addUtf8Word(words.length, new Uint8Array([0xff, 0xfe]), 0, 2)).toThrow(TypeError);
    // A Buffer (what the driver hands over) is read by its own slice: invalid bytes still throw, a real U+FFFD is a word.
    const fromBuffers = new TokenIndexBuilder();
    expect(() => fromBuffers.addUtf8Word(0, Buffer.from([0x61, 0xff, 0xfe]), 0, 3)).toThrow(TypeError);
    fromBuffers.addUtf8Word(0, Buffer.from('x\ufffdy'), 0, Buffer.byteLength('x\ufffdy'));
    expect(fromBuffers.build().held('x\ufffdy')).toBe('x\ufffdy');
  });
});
