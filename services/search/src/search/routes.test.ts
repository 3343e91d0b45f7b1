import { describe, expect, it } from 'bun:test';
import { createSearchUnderTest } from '../testing.ts';
import { CORPUS } from './corpus.fixture.ts';

const underTest = () => createSearchUnderTest({ upstreams: CORPUS });

describe('GET /search', () => {
  it('answers hits with their public fields, the total and the counts per type', async () => {
    const { search } = await underTest();
    const res = await search('kubernetes');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      type: 'service',
      id: 'svc-kubernetes-engineer',
      slug: 'kubernetes-engineer',
      title: 'Kubernetes Engineer',
      summary: 'Cluster setup, Helm charts and cloud operations on AWS and GCP',
      url: '/services/kubernetes-engineer',
      score: expect.any(Number),
    });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-facet-type')).toBe('service=1, talent=1, page=1');
    expect(res.body.data.map((h: { url: string }) => h.url)).toEqual(['/services/kubernetes-engineer', '/articles/hiring-kubernetes', '/resource/sara-ahmed']);
  });

  it('keeps only the asked types in hits and total, and still counts every type', async () => {
    const { search } = await underTest();
    const res = await search('kubernetes', '&types=talent,page');
    expect(res.slugs).toEqual(['hiring-kubernetes', 'sara-ahmed']);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.headers.get('x-facet-type')).toBe('service=1, talent=1, page=1');
  });

  it('ranks a title match before a summary match, then by Bayesian rating, then availability', async () => {
    const { search } = await underTest();
    // Lena (40 reviews at 4.9) before Anita (20 at 4.8) before Omar (5 at 4.5): same words, same fields.
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['lena-fischer', 'anita-sharma', 'omar-haddad']);
    // Unrated: Ravi (available) before Priya (limited).
    expect((await search('python', '&types=talent')).slugs).toEqual(['ravi-kumar', 'priya-nair']);
    // "Project Manager" in a service's title outranks the same words in a headline.
    expect((await search('project manager')).slugs[0]).toBe('project-manager');
  });

  it('pages through the ranked hits with a Link header', async () => {
    const { search } = await underTest();
    const all = (await search('developer', '&limit=50')).slugs;
    expect(all.length).toBeGreaterThan(4);
    const first = await search('developer', '&limit=2&page=1');
    const second = await search('developer', '&limit=2&page=2');
    expect([...first.slugs, ...second.slugs]).toEqual(all.slice(0, 4));
    expect(first.headers.get('link')).toContain('rel="next"');
  });

  it("leaves out services not offered in the caller's market (X-Country), never talent or pages", async () => {
    const { search } = await underTest();
    expect((await search('website', '', { 'x-country': 'DE' })).slugs).toEqual(['website-launch']);
    expect((await search('website', '', { 'x-country': 'in' })).slugs).toEqual([]);
    expect((await search('website', '', { 'x-country': 'XX' })).slugs).toEqual(['website-launch']);
  });

  it("puts pages in the caller's language (X-Lang) before equally relevant pages in another", async () => {
    const { search } = await underTest();
    expect((await search('2025', '&types=page')).slugs).toEqual(['hiring-kubernetes', 'prices-ar']);
    expect((await search('2025', '&types=page', { 'x-lang': 'ar' })).slugs).toEqual(['prices-ar', 'hiring-kubernetes']);
    expect((await search('2025', '&types=page', { 'x-lang': 'ar-AE' })).slugs).toEqual(['prices-ar', 'hiring-kubernetes']);
    expect((await search('2025', '&types=page', { 'x-lang': 'fr' })).slugs).toEqual(['hiring-kubernetes', 'prices-ar']);
    // Never above a better match: "kubernetes" in an English title beats nothing in Arabic.
    expect((await search('kubernetes 2025', '&types=page', { 'x-lang': 'ar' })).slugs).toEqual(['hiring-kubernetes']);
  });

  it('answers 400 with a stable code for every bad parameter', async () => {
    const { call } = await underTest();
    const cases: [string, string][] = [
      ['/search', 'INVALID_SEARCH'],
      ['/search?q=', 'INVALID_SEARCH'],
      ['/search?q=%20%20', 'INVALID_SEARCH'],
      [`/search?q=${'a'.repeat(101)}`, 'INVALID_SEARCH'],
      ['/search?q=a%00b', 'INVALID_SEARCH'],
      ['/search?q=a&q=b', 'INVALID_SEARCH'],
      ['/search?q=a&types=people', 'INVALID_SEARCH_TYPES'],
      ['/search?q=a&types=service,,page', 'INVALID_SEARCH_TYPES'],
      ['/search?q=a&types=service&types=page', 'INVALID_SEARCH_TYPES'],
      ['/search?q=a&limit=0', 'INVALID_LIMIT'],
      ['/search?q=a&limit=51', 'INVALID_LIMIT'],
      ['/search?q=a&limit=2.5', 'INVALID_LIMIT'],
      ['/search?q=a&limit=-1', 'INVALID_LIMIT'],
      ['/search?q=a&page=0', 'INVALID_PAGE'],
      ['/search?q=a&page=abc', 'INVALID_PAGE'],
      ['/search?q=a&limit=50&page=21', 'INVALID_PAGE'],
      ['/search/suggest', 'INVALID_SEARCH'],
      [`/search/suggest?q=${'x'.repeat(101)}`, 'INVALID_SEARCH'],
    ];
    for (const [path, code] of cases) {
      const res = await call('GET', path);
      expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 400, code });
    }
  });

  it('never answers 500 to random input (fuzz)', async () => {
    const { call } = await underTest();
    const pieces = [
      'q',
      'types',
      'page',
      'limit',
      '=',
      '&',
      '%',
      '%00',
      '%ZZ',
      '%E0%A4',
      'ä',
      'ـ',
      '٣',
      '०',
      '\u200d',
      '*',
      '.*',
      '(',
      '[',
      'service',
      ',',
      '9',
      '-1',
      '1e3',
      ' ',
    ];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 300; i++) {
      let query = '';
      const n = 1 + (next() % 12);
      for (let j = 0; j < n; j++) query += pieces[next() % pieces.length];
      const path = next() % 2 === 0 ? '/search' : '/search/suggest';
      const res = await call('GET', `${path}?${query}`);
      expect({ query, ok: res.status === 200 || res.status === 400 }).toEqual({ query, ok: true });
      if (res.status === 400) expect(res.body.success).toBe(false);
    }
  });
});

describe('GET /search/suggest', () => {
  it('completes the last word from titles, skills, industries and categories, most common first', async () => {
    const { call } = await underTest();
    const res = await call('GET', `/search/suggest?q=${encodeURIComponent('senior kube')}`);
    expect(res.status).toBe(200);
    // The service's and the article's titles and Sara's skills.
    expect(res.body.data).toEqual([{ text: 'senior kubernetes', word: 'kubernetes', count: 3 }]);
    const dev = (await call('GET', '/search/suggest?q=de')).body.data.map((s: { word: string }) => s.word);
    expect(dev[0]).toBe('developer');
    expect(dev.length).toBeLessThanOrEqual(8);
  });
});

describe('GET /search/misses', () => {
  it('counts each normalised query that found nothing, for admins only', async () => {
    const { search, call, tokenFor } = await underTest();
    await search('Zebra  Crossing');
    await search('zebra crossing');
    await search('ZEBRA CROSSING!');
    await search('xylophone');
    await search('kubernetes');
    expect((await call('GET', '/search/misses')).status).toBe(401);
    expect((await call('GET', '/search/misses', { token: await tokenFor('customer') })).status).toBe(403);
    const res = await call('GET', '/search/misses', { token: await tokenFor('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { query: string; count: number }) => [m.query, m.count])).toEqual([
      ['zebra crossing', 3],
      ['xylophone', 1],
    ]);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('counts misses exactly under concurrency', async () => {
    const { search, call, tokenFor } = await underTest();
    await Promise.all(Array.from({ length: 20 }, () => search('nothing here')));
    const res = await call('GET', '/search/misses', { token: await tokenFor('admin') });
    expect(res.body.data).toEqual([{ query: 'nothing here', count: 20, lastAt: expect.any(String) }]);
  });
});
