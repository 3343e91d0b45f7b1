import { describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { parseXml } from '../testing/xml.ts';
import { createSiteRoutes } from './routes.ts';

const ORIGIN = 'https://market.example';

/** A stand-in for the services' streamed indexes: `n` experts and no services. */
function fetchWithTalent(n: number): typeof fetch {
  const talent = Array.from({ length: n }, (_, i) => ({
    slug: `expert-${i}`,
    kind: 'expert',
    displayName: `Expert ${i}`,
    headline: 'Engineer',
    skills: [],
    location: 'DE',
    updatedAt: '2026-06-01T00:00:00.000Z',
  }));
  const ndjson = (items: unknown[]) => [...items, { end: true, count: items.length }].map((x) => JSON.stringify(x)).join('\n');
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    return new Response(url.includes('talent-index') ? ndjson(talent) : ndjson([]), { headers: { 'content-type': 'application/x-ndjson' } });
  }) as typeof fetch;
}

const rateLimits = { quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 }, windowS: 60 };
const app = createSiteRoutes({
  serviceCredential: TEST_SERVICE_CREDENTIAL,
  fetch: fetchWithTalent(25),
  upstreams: { catalog: 'http://catalog', talent: 'http://talent' },
  clock: createManualClock(),
  logger: silentLogger,
  timeoutMs: 1_000,
  origin: ORIGIN,
  rateLimits,
  limits: { maxUrls: 10 },
});
const get = (path: string) => app.handle(new Request(`http://localhost${path}`));

describe('a sitemap over the per-file limit', () => {
  it('serves /sitemap.xml as an index of the parts', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const index = parseXml(await res.text());
    expect(index.name).toBe('sitemapindex');
    expect(index.children.map((s) => s.children[0]?.text)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
  });

  it('serves every part as a urlset, together holding home and every profile once', async () => {
    const locs: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await get(`/sitemap-${n}.xml`);
      expect(res.status).toBe(200);
      const part = parseXml(await res.text());
      expect(part.name).toBe('urlset');
      expect(part.children.length).toBeLessThanOrEqual(10);
      locs.push(...part.children.map((u) => u.children[0]?.text ?? ''));
    }
    expect(locs).toHaveLength(26);
    expect(new Set(locs).size).toBe(26);
    expect(locs[0]).toBe(`${ORIGIN}/`);
  });

  it('answers 404 for a part past the last one', async () => {
    expect((await get('/sitemap-4.xml')).status).toBe(404);
  });
});
