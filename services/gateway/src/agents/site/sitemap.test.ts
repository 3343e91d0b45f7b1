import { describe, expect, it } from 'bun:test';
import { parseXml } from '../testing/xml.ts';
import { buildSitemapFiles, chunk, escapeXml, MAX_URLS_PER_SITEMAP, renderUrlset, type SitemapEntry } from './sitemap.ts';

const ORIGIN = 'https://example.com';
const synthetic = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ loc: `${ORIGIN}/talent/person-${i}`, lastmod: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }));

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('drops characters XML 1.0 cannot carry', () => {
    expect(escapeXml('a\u0000b\u0008c\td\ne')).toBe('abc\td\ne');
  });

  it('leaves non-ASCII text alone (the document is UTF-8)', () => {
    expect(escapeXml('रिएक्ट डेवलपर مطور')).toBe('रिएक्ट डेवलपर مطور');
  });
});

describe('chunk', () => {
  it('cuts a list into consecutive chunks with a shorter last one', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects a chunk size below one', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('renderUrlset', () => {
  it('produces a well-formed urlset whose locations survive escaping', () => {
    const loc = `${ORIGIN}/services/a?x=1&y=<2>`;
    const doc = parseXml(renderUrlset([{ loc, lastmod: '2026-01-02T03:04:05.000Z' }, { loc: `${ORIGIN}/` }]));
    expect(doc.name).toBe('urlset');
    expect(doc.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.children.map((u) => u.children.find((c) => c.name === 'loc')?.text)).toEqual([loc, `${ORIGIN}/`]);
    expect(doc.children[0]?.children.find((c) => c.name === 'lastmod')?.text).toBe('2026-01-02T03:04:05.000Z');
    expect(doc.children[1]?.children.some((c) => c.name === 'lastmod')).toBe(false);
  });
});

describe('buildSitemapFiles', () => {
  it('writes a single urlset at /sitemap.xml up to the limit of 50,000 URLs', () => {
    const files = buildSitemapFiles(synthetic(MAX_URLS_PER_SITEMAP), ORIGIN);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    const doc = parseXml(files.get('/sitemap.xml') ?? '');
    expect(doc.name).toBe('urlset');
    expect(doc.children).toHaveLength(MAX_URLS_PER_SITEMAP);
  });

  it('turns /sitemap.xml into an index of parts of at most 50,000 URLs beyond the limit', () => {
    const entries = synthetic(120_001);
    const files = buildSitemapFiles(entries, ORIGIN);
    expect([...files.keys()].sort()).toEqual(['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml', '/sitemap.xml']);
    const index = parseXml(files.get('/sitemap.xml') ?? '');
    expect(index.name).toBe('sitemapindex');
    expect(index.children.map((s) => s.children[0]?.text)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const parts = [1, 2, 3].map((n) => parseXml(files.get(`/sitemap-${n}.xml`) ?? ''));
    expect(parts.map((p) => p.children.length)).toEqual([50_000, 50_000, 20_001]);
    const all = parts.flatMap((p) => p.children.map((u) => u.children[0]?.text));
    expect(all).toEqual(entries.map((e) => e.loc));
  });

  it('gives each index entry the newest lastmod of its part', () => {
    const entries = synthetic(5);
    const files = buildSitemapFiles(entries, ORIGIN, 2);
    const index = parseXml(files.get('/sitemap.xml') ?? '');
    const lastmods = index.children.map((s) => s.children.find((c) => c.name === 'lastmod')?.text);
    expect(lastmods).toEqual([entries[1]?.lastmod, entries[3]?.lastmod, entries[4]?.lastmod]);
  });
});
