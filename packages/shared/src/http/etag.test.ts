import { describe, expect, it } from 'bun:test';
import { etagOf, matchesIfNoneMatch } from './etag.ts';

describe('etags', () => {
  it('gives the same strong tag to the same bytes, as text or bytes, and another to other bytes', () => {
    expect(etagOf('abc')).toBe(etagOf(new TextEncoder().encode('abc')));
    expect(etagOf('abc')).not.toBe(etagOf('abd'));
    expect(etagOf('abc')).toMatch(/^"[0-9a-z]+-3"$/);
  });

  it('matches If-None-Match by weak comparison, in a list, or *', () => {
    const tag = etagOf('x');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
  });
});
