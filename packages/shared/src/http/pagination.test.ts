import { describe, expect, it } from 'bun:test';
import { paginationHeaders, paginationLinks } from './pagination.ts';

const url = (q: string) => new URL(`http://localhost/services${q}`);

describe('paginationLinks', () => {
  it('gives first, next and last on the first of several pages', () => {
    expect(paginationLinks(url('?limit=10'), 1, 10, 33)).toBe(
      '<?limit=10&page=1>; rel="first", <?limit=10&page=2>; rel="next", <?limit=10&page=4>; rel="last"',
    );
  });

  it('gives prev and next in the middle and keeps other query parameters', () => {
    const links = paginationLinks(url('?category=backend&search=api%20x&page=2&limit=5'), 2, 5, 20);
    expect(links).toContain('<?category=backend&search=api+x&page=1&limit=5>; rel="prev"');
    expect(links).toContain('<?category=backend&search=api+x&page=3&limit=5>; rel="next"');
    expect(links).toContain('<?category=backend&search=api+x&page=4&limit=5>; rel="last"');
  });

  it('has no next on the last page and no prev on the first', () => {
    const links = paginationLinks(url(''), 1, 20, 5);
    expect(links).not.toContain('rel="next"');
    expect(links).not.toContain('rel="prev"');
    expect(links).toContain('<?page=1&limit=20>; rel="last"');
  });

  it('points prev at the last page when the page is past the end', () => {
    expect(paginationLinks(url('?page=9'), 9, 20, 33)).toContain('<?page=2&limit=20>; rel="prev"');
  });

  it('still has a last page of 1 when nothing matches', () => {
    expect(paginationLinks(url(''), 1, 20, 0)).toBe('<?page=1&limit=20>; rel="first", <?page=1&limit=20>; rel="last"');
  });
});

describe('paginationHeaders', () => {
  it('gives the total and the links of one page together', () => {
    expect(paginationHeaders(url('?limit=10'), 2, 10, 33)).toEqual({ 'x-total-count': '33', link: paginationLinks(url('?limit=10'), 2, 10, 33) });
  });
});
