import { describe, expect, it } from 'bun:test';
import { intersectSorted, NO_ORDINALS, unionSorted } from './posting-lists.ts';

const list = (...ordinals: number[]) => Int32Array.from(ordinals);
const plain = (l: Int32Array) => [...l];

/** A deterministic ascending list of about `n * density` ordinals below `n`. */
function spread(n: number, density: number, seed: number): Int32Array {
  const out: number[] = [];
  let x = seed;
  for (let o = 0; o < n; o++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    if (x / 2_147_483_648 < density) out.push(o);
  }
  return Int32Array.from(out);
}

describe('unionSorted', () => {
  it('merges lists into one ascending list holding each ordinal once', () => {
    expect(plain(unionSorted([list(1, 4, 9), list(0, 4, 5, 9, 12), list(4, 20)]))).toEqual([0, 1, 4, 5, 9, 12, 20]);
  });

  it('returns a single list itself, without a copy', () => {
    const only = list(2, 3, 7);
    expect(unionSorted([only])).toBe(only);
  });

  it('is empty for no lists and ignores empty ones', () => {
    expect(unionSorted([])).toBe(NO_ORDINALS);
    expect(plain(unionSorted([list(), list(3), list()]))).toEqual([3]);
  });

  it('agrees with a set union over many lists of different sizes', () => {
    const lists = Array.from({ length: 37 }, (_, k) => spread(5_000, 0.002 * (k + 1), k + 1));
    const expected = [...new Set(lists.flatMap(plain))].sort((a, b) => a - b);
    expect(plain(unionSorted(lists))).toEqual(expected);
  });
});

describe('intersectSorted', () => {
  it('keeps the ordinals present in every list', () => {
    expect(plain(intersectSorted([list(1, 3, 5, 7, 9), list(3, 4, 5, 9), list(0, 3, 9, 10)]))).toEqual([3, 9]);
  });

  it('returns a single list itself and an empty list when any list is empty', () => {
    const only = list(1, 2);
    expect(intersectSorted([only])).toBe(only);
    expect(plain(intersectSorted([list(1, 2, 3), list()]))).toEqual([]);
  });

  it('finds nothing when the lists do not meet, including past either end', () => {
    expect(plain(intersectSorted([list(1, 2, 3), list(4, 5, 6)]))).toEqual([]);
    expect(plain(intersectSorted([list(10, 20), list(0, 5, 10)]))).toEqual([10]);
  });

  it('matches the first and last ordinals of a long list from a short one', () => {
    const long = Int32Array.from({ length: 100_000 }, (_, i) => i);
    expect(plain(intersectSorted([long, list(0, 50_000, 99_999, 100_000)]))).toEqual([0, 50_000, 99_999]);
  });

  it('counts an ordinal repeated in the smallest list once', () => {
    expect(plain(intersectSorted([list(2, 2, 5), list(1, 2, 5, 8, 9)]))).toEqual([2, 5]);
  });

  it('agrees with a set intersection for lists of very different sizes, in any order', () => {
    const lists = [spread(50_000, 0.6, 1), spread(50_000, 0.01, 2), spread(50_000, 0.3, 3), spread(50_000, 0.9, 4)];
    const sets = lists.map((l) => new Set(l));
    const expected = plain(lists[1] as Int32Array).filter((o) => sets.every((s) => s.has(o)));
    expect(expected.length).toBeGreaterThan(0);
    expect(plain(intersectSorted(lists))).toEqual(expected);
    expect(plain(intersectSorted([...lists].reverse()))).toEqual(expected);
  });

  it('refuses no lists (the intersection of nothing is every item, which it cannot know)', () => {
    expect(() => intersectSorted([])).toThrow(RangeError);
  });
});
