import { describe, expect, test } from 'bun:test';
import { RecentMemo } from './recent-memo.ts';

describe('RecentMemo', () => {
  test('keeps an entry asked for again however many one-off entries pass, and holds at most two generations', () => {
    const memo = new RecentMemo<string, number>(3);
    memo.set('skill', 1);
    for (let i = 0; i < 20; i++) {
      memo.set(`name-${i}`, i);
      // Asked for between the one-off entries: it moves back to the young generation each time.
      expect(memo.get('skill')).toBe(1);
      expect(memo.size).toBeLessThanOrEqual(6);
    }
    // A one-off entry from long ago is gone; the last few are still there.
    expect(memo.get('name-0')).toBeUndefined();
    expect(memo.get('name-19')).toBe(19);
  });

  test('an entry never asked for again is dropped after two generations', () => {
    const memo = new RecentMemo<string, number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    memo.set('c', 3);
    expect(memo.get('a')).toBe(1);
    memo.set('d', 4);
    memo.set('e', 5);
    memo.set('f', 6);
    expect(memo.get('b')).toBeUndefined();
  });
});
