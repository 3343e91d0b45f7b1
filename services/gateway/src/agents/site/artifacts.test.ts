import { describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { parseXml } from '../testing/xml.ts';
import { SITE_CACHE_TTL_MS } from './artifacts.ts';
import { createSiteRoutes } from './routes.ts';

const ORIGIN = 'https://market.example';
const rateLimits = { quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 }, windowS: 60 };

const service = (i: number) => ({
  _id: String(i).padStart(24, '0'),
  slug: `service-${i}`,
  kind: i % 2 ? 'project' : 'role',
  category: 'backend',
  name: `Service ${i}`,
  summary: 'Does things',
  markets: ['IN', 'DE'],
  updatedAt: '2026-06-01T00:00:00.000Z',
  prices: [
    { market: 'IN', currency: 'INR', hourlyRate: 250_000 + i },
    { market: 'DE', currency: 'EUR', hourlyRate: 9_000 + i },
  ],
});
const expert = (i: number) => ({
  slug: `expert-${i}`,
  kind: 'expert',
  displayName: `Expert ${i}`,
  headline: 'Engineer',
  skills: ['Go'],
  location: 'DE',
  updatedAt: '2026-06-02T00:00:00.000Z',
});
const lines = (items: unknown[], trailer: unknown = { end: true, count: items.length }) =>
  [...items, ...(trailer ? [trailer] : [])].map((x) => JSON.stringify(x)).join('\n');

/** The two services' index endpoints, whose answers a test changes between builds. */
function fakeServices() {
  const state = {
    services: lines([service(1), service(2)]),
    talent: lines([expert(1)]),
    status: 200,
    seen: [] as { url: string; ifNoneMatch: string | null }[],
  };
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    state.seen.push({ url, ifNoneMatch: new Headers(init?.headers).get('if-none-match') });
    const body = url.includes('talent-index') ? state.talent : state.services;
    const etag = `"${Bun.hash(body).toString(36)}"`;
    if (state.status !== 200) return new Response('down', { status: state.status });
    if (new Headers(init?.headers).get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, { headers: { etag, 'content-type': 'application/x-ndjson' } });
  }) as typeof fetch;
  return { state, fetch: fakeFetch };
}

function site(limits?: { maxUrls: number }) {
  const fake = fakeServices();
  const clock = createManualClock();
  const app = createSiteRoutes({
    serviceCredential: TEST_SERVICE_CREDENTIAL,
    fetch: fake.fetch,
    upstreams: { catalog: 'http://catalog', talent: 'http://talent' },
    clock,
    logger: silentLogger,
    timeoutMs: 1_000,
    origin: ORIGIN,
    rateLimits,
    limits,
  });
  const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://localhost${path}`, { headers }));
  /** Asks until `ok` holds for the sitemap (a rebuild runs off the request path), polling for at most ~1 s. */
  const settle = async (ok: (text: string) => boolean) => {
    let text = '';
    for (let i = 0; i < 500 && !ok(text); i++) {
      text = await (await get('/sitemap.xml')).text();
      await Bun.sleep(2);
    }
    return text;
  };
  return { ...fake, clock, get, settle };
}

const locs = (xml: string) => parseXml(xml).children.map((u) => u.children[0]?.text ?? '');

describe('site files as artifacts', () => {
  it('builds every file from the streamed indexes, with each market price, and serves them with ETags and 304s', async () => {
    const { get } = site();
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(locs(await sitemap.text()).sort()).toEqual(
      [`${ORIGIN}/`, `${ORIGIN}/services/service-1`, `${ORIGIN}/services/service-2`, `${ORIGIN}/talent/expert-1`].sort(),
    );
    const full = await get('/llms-full.txt');
    const text = await full.text();
    expect(text).toContain('2500.02 INR/h in IN');
    expect(text).toContain('90.02 EUR/h in DE');
    expect(text).toContain(`[Expert 1](${ORIGIN}/talent/expert-1)`);
    const etag = full.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await get('/llms-full.txt', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('keeps serving the last good copy, byte for byte, when a rebuild fails', async () => {
    const { get, state, clock, settle } = site();
    const before = await (await get('/llms-full.txt')).text();
    const etag = (await get('/sitemap.xml')).headers.get('etag');
    state.status = 503;
    state.talent = lines([expert(1), expert(2)]);
    clock.advance(SITE_CACHE_TTL_MS);
    await settle(() => false);
    expect(await (await get('/llms-full.txt')).text()).toBe(before);
    expect((await get('/sitemap.xml')).headers.get('etag')).toBe(etag);
  });

  it('never turns an index cut off before its trailer, or short of its count, into a file', async () => {
    const { get, state, clock, settle } = site();
    const before = await (await get('/sitemap.xml')).text();
    state.services = lines([service(1), service(2), service(3)], null);
    clock.advance(SITE_CACHE_TTL_MS);
    expect(await settle(() => false)).toBe(before);
    state.services = lines([service(1)], { end: true, count: 3 });
    clock.advance(SITE_CACHE_TTL_MS);
    expect(await settle(() => false)).toBe(before);
    state.services = lines([service(1), service(2), service(3)]);
    clock.advance(SITE_CACHE_TTL_MS);
    expect(await settle((t) => t.includes('/services/service-3<'))).toContain(`${ORIGIN}/services/service-3<`);
  });

  it('answers 503 with Retry-After before the first complete build, never an empty file', async () => {
    const { get, state } = site();
    state.talent = lines([expert(1)], null);
    const res = await get('/llms.txt');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('drops a malformed entry but keeps the rest of the index', async () => {
    const { get, state } = site();
    state.talent = lines([expert(1), { slug: '', kind: 'alien' }, expert(2)]);
    const all = locs(await (await get('/sitemap.xml')).text());
    expect(all).toContain(`${ORIGIN}/talent/expert-2`);
    expect(all).toHaveLength(5);
  });

  it('asks with the last ETags and rebuilds nothing when both indexes are unchanged', async () => {
    const { get, state, clock, settle } = site();
    const etag = (await get('/sitemap.xml')).headers.get('etag');
    state.seen.length = 0;
    clock.advance(SITE_CACHE_TTL_MS);
    await settle(() => state.seen.length >= 2);
    for (let i = 0; i < 50; i++) await get('/sitemap.xml');
    expect(state.seen.every((s) => s.ifNoneMatch !== null)).toBe(true);
    expect((await get('/sitemap.xml')).headers.get('etag')).toBe(etag);
  });

  it('shards the sitemap into parts within the URL limit, every URL once', async () => {
    const { get, state } = site({ maxUrls: 3 });
    state.services = lines(Array.from({ length: 7 }, (_, i) => service(i)));
    state.talent = lines(Array.from({ length: 4 }, (_, i) => expert(i)));
    const index = parseXml(await (await get('/sitemap.xml')).text());
    expect(index.name).toBe('sitemapindex');
    const all: string[] = [];
    for (const part of index.children) {
      const path = new URL(part.children[0]?.text as string).pathname;
      const res = await get(path);
      expect(res.headers.get('etag')).toBeTruthy();
      const urls = locs(await res.text());
      expect(urls.length).toBeLessThanOrEqual(3);
      all.push(...urls);
    }
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
  });
});
