import { describe, expect, it } from 'bun:test';
import type { PageIndexLine } from '@tm/contracts';
import { createManualClock, silentLogger } from '@tm/shared';
import { TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { parseXml } from '../testing/xml.ts';
import { SITE_CACHE_TTL_MS } from './artifacts.ts';
import { createSiteRoutes } from './routes.ts';

const ORIGIN = 'https://market.example';
const rateLimits = { quotas: { anonymous: 300, authenticated: 600, 'auth-routes': 30 }, windowS: 60 };
const service = {
  _id: '1'.padStart(24, '0'),
  slug: 'react-dev',
  kind: 'role',
  category: 'frontend',
  name: 'React developer',
  summary: 'Builds interfaces',
  markets: ['DE'],
  updatedAt: '2026-06-01T00:00:00.000Z',
  prices: [{ market: 'DE', currency: 'EUR', hourlyRate: 9_000 }],
};
const alternates = [
  { lang: 'en', slug: 'how-it-works' },
  { lang: 'de', slug: 'so-funktionierts' },
] as const;
const page = (lang: 'en' | 'de', slug: string, title: string): PageIndexLine => ({
  id: lang === 'en' ? 'a'.repeat(24) : 'b'.repeat(24),
  groupId: 'c'.repeat(24),
  type: 'page',
  lang,
  slug,
  title,
  summary: `${title} in short`,
  publishedAt: '2026-07-01T00:00:00.000Z',
  updatedAt: '2026-07-02T00:00:00.000Z',
  alternates: [...alternates],
});
const faq: PageIndexLine = {
  ...page('en', 'refunds', 'Refunds'),
  id: 'd'.repeat(24),
  groupId: 'e'.repeat(24),
  type: 'faq',
  alternates: [{ lang: 'en', slug: 'refunds' }],
};
const ndjson = (items: unknown[]) => [...items, { end: true, count: items.length }].map((x) => JSON.stringify(x)).join('\n');

/** Catalog, talent and content behind fakes; content's published pages (or its outage) change between builds. */
function site() {
  const state = { pages: [] as PageIndexLine[], contentUp: true };
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    let body: string;
    if (url.includes('page-index')) {
      if (!state.contentUp) return new Response('down', { status: 503 });
      body = ndjson(state.pages);
    } else body = url.includes('talent-index') ? ndjson([]) : ndjson([service]);
    const etag = `"${Bun.hash(body).toString(36)}"`;
    if (new Headers(init?.headers).get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    return new Response(body, { headers: { etag, 'content-type': 'application/x-ndjson' } });
  }) as typeof fetch;
  const clock = createManualClock();
  const app = createSiteRoutes({
    serviceCredential: TEST_SERVICE_CREDENTIAL,
    fetch: fakeFetch,
    upstreams: { catalog: 'http://catalog', talent: 'http://talent', content: 'http://content' },
    clock,
    logger: silentLogger,
    timeoutMs: 1_000,
    origin: ORIGIN,
    rateLimits,
  });
  const get = async (path: string) => (await app.handle(new Request(`http://localhost${path}`))).text();
  /** The next build after the cache's lifetime (it runs off the request path): polls until `ok` holds of the sitemap, or ~1 s. */
  const rebuilt = async (ok: (sitemap: string) => boolean) => {
    clock.advance(SITE_CACHE_TTL_MS);
    let text = '';
    for (let i = 0; i < 500 && !(text && ok(text)); i++) {
      text = await get('/sitemap.xml');
      await Bun.sleep(2);
    }
    return text;
  };
  return { state, get, rebuilt };
}

const urls = (xml: string) => parseXml(xml).children;
const locOf = (url: ReturnType<typeof urls>[number]) => url.children.find((c) => c.name === 'loc')?.text;

describe("content's published pages in the site files", () => {
  it('lists each language of a published page as its own <url> with hreflang alternates for its group, and x-default', async () => {
    const { state, get } = site();
    state.pages = [page('en', 'how-it-works', 'How it works'), page('de', 'so-funktionierts', "So funktioniert's"), faq];
    const doc = parseXml(await get('/sitemap.xml'));
    expect(doc.attributes['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const en = doc.children.find((u) => locOf(u) === `${ORIGIN}/en/pages/how-it-works`);
    const de = doc.children.find((u) => locOf(u) === `${ORIGIN}/de/pages/so-funktionierts`);
    expect(en && de).toBeTruthy();
    for (const url of [en, de]) {
      const links = (url?.children ?? []).filter((c) => c.name === 'xhtml:link').map((c) => c.attributes);
      expect(links).toEqual([
        { rel: 'alternate', hreflang: 'en', href: `${ORIGIN}/en/pages/how-it-works` },
        { rel: 'alternate', hreflang: 'de', href: `${ORIGIN}/de/pages/so-funktionierts` },
        { rel: 'alternate', hreflang: 'x-default', href: `${ORIGIN}/en/pages/how-it-works` },
      ]);
    }
    // A page in one language only has no alternates to name.
    const refunds = doc.children.find((u) => locOf(u) === `${ORIGIN}/en/faq/refunds`);
    expect(refunds?.children.filter((c) => c.name === 'xhtml:link')).toEqual([]);

    const full = await get('/llms-full.txt');
    expect(full).toContain('## Pages and FAQ');
    expect(full).toContain(`[So funktioniert's](${ORIGIN}/de/pages/so-funktionierts)`);
    expect(await get('/llms.txt')).toContain(`${ORIGIN}/llms/faq.txt`);
    expect(await get('/llms/faq.txt')).toContain(`[Refunds](${ORIGIN}/en/faq/refunds)`);
  });

  it('adds a page published after a build at the next rebuild, and drops it at the next after unpublishing', async () => {
    const { state, get, rebuilt } = site();
    expect(await get('/sitemap.xml')).not.toContain('/en/pages/');
    state.pages = [page('en', 'how-it-works', 'How it works')];
    expect(await rebuilt((t) => t.includes('/en/pages/how-it-works'))).toContain(`${ORIGIN}/en/pages/how-it-works`);
    expect(await get('/llms-full.txt')).toContain('How it works');
    state.pages = [];
    expect(await rebuilt((t) => !t.includes('/en/pages/how-it-works'))).not.toContain('/en/pages/how-it-works');
    expect(await get('/llms-full.txt')).not.toContain('How it works');
    expect(await get('/llms.txt')).not.toContain('/llms/pages.txt');
  });

  it("builds the catalog's files while content is away, and keeps content's last good pages through an outage", async () => {
    const { state, get, rebuilt } = site();
    state.contentUp = false;
    const first = await get('/sitemap.xml');
    expect(first).toContain(`${ORIGIN}/services/react-dev`);
    expect(first).not.toContain('/en/pages/');
    state.contentUp = true;
    state.pages = [page('en', 'how-it-works', 'How it works')];
    await rebuilt((t) => t.includes('/en/pages/how-it-works'));
    state.contentUp = false;
    await rebuilt(() => false);
    const during = await get('/sitemap.xml');
    expect(during).toContain(`${ORIGIN}/en/pages/how-it-works`);
    expect(during).toContain(`${ORIGIN}/services/react-dev`);
  });
});
