import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type PageIndexLine, pageSitePath } from '@tm/contracts';
import { createManualClock } from '@tm/shared';
import { INTERNAL_CALL_HEADERS } from '@tm/shared/testing';
import { PROFILES_COLLECTION } from '@tm/talent/testing';
import { createApp } from '../../app.ts';
import { createGatewayLimiter } from '../../policy/limiter.ts';
import { testDeps } from '../../testing/gateway.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { type AgentStack, startAgentStack } from '../testing/stack.ts';
import { parseXml } from '../testing/xml.ts';
import { SITE_CACHE_TTL_MS } from './artifacts.ts';

const ORIGIN = 'http://localhost:8080';
let stack: AgentStack;

type TalentIndex = { slug: string; kind: 'pm' | 'resource' | 'expert' }[];
type ServiceIndex = { slug: string; category: string }[];

beforeAll(async () => {
  stack = await startAgentStack();
});

afterAll(async () => {
  await stack.stop();
});

async function get(path: string) {
  const res = await fetch(`${stack.gatewayUrl}${path}`);
  return { res, text: await res.text() };
}

async function index<T>(base: string, path: string): Promise<T> {
  return ((await (await fetch(`${base}${path}`, { headers: INTERNAL_CALL_HEADERS })).json()) as { data: T }).data;
}

const talentUrl = (p: { slug: string; kind: string }) => `${ORIGIN}/${p.kind === 'expert' ? 'talent' : p.kind}/${p.slug}`;

function sitemapLocs(xml: string, requireLastmod = true): string[] {
  const doc = parseXml(xml);
  expect(doc.name).toBe('urlset');
  return doc.children.map((u) => {
    const lastmod = u.children.find((c) => c.name === 'lastmod')?.text;
    if (requireLastmod) expect(Number.isNaN(Date.parse(lastmod ?? ''))).toBe(false);
    return u.children.find((c) => c.name === 'loc')?.text ?? '';
  });
}

describe('site files from live service data', () => {
  it('serves /sitemap.xml as well-formed XML listing home, every service and every indexable profile', async () => {
    const { res, text } = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = sitemapLocs(text);
    const services = await index<ServiceIndex>(stack.catalogUrl, '/internal/service-index');
    const talent = await index<TalentIndex>(stack.talentUrl, '/internal/talent-index');
    // Content's published pages, every language its own URL (the seeded pages, in en, de and hi).
    const pages = (await (await fetch(`${stack.contentUrl}/internal/page-index.ndjson`, { headers: INTERNAL_CALL_HEADERS })).text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as PageIndexLine | { end: true })
      .filter((line): line is PageIndexLine => !('end' in line));
    expect(locs.sort()).toEqual(
      [
        `${ORIGIN}/`,
        ...services.map((s) => `${ORIGIN}/services/${s.slug}`),
        ...talent.map(talentUrl),
        ...pages.map((p) => `${ORIGIN}${pageSitePath(p)}`),
      ].sort(),
    );
    expect(services.length).toBeGreaterThan(0);
    expect(talent.length).toBeGreaterThan(0);
    expect(new Set(pages.map((p) => p.lang))).toEqual(new Set(['en', 'de', 'hi']));
  });

  it('never lists a profile that is inactive or not indexable', async () => {
    const hidden = await stack.talentDocuments
      .collection<{ _id: string; slug: string; indexable: boolean; active: boolean }>(PROFILES_COLLECTION)
      .find({ $or: [{ indexable: false }, { active: false }] })
      .toArray();
    expect(hidden.length).toBeGreaterThan(0);
    const [sitemap, full] = await Promise.all([get('/sitemap.xml'), get('/llms-full.txt')]);
    for (const p of hidden) {
      expect(sitemap.text).not.toContain(`/${p.slug}<`);
      expect(full.text).not.toContain(`/${p.slug})`);
    }
  });

  it('answers 404 for a sitemap part while the sitemap fits in one file', async () => {
    const { res } = await get('/sitemap-1.xml');
    expect(res.status).toBe(404);
  });

  it('serves /llms.txt in the llms.txt shape, linking a file per category that lists every service of it', async () => {
    const { res, text } = await get('/llms.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines[2]).toMatch(/^> /);
    expect(lines.some((l) => l.startsWith('## '))).toBe(true);
    const services = await index<ServiceIndex>(stack.catalogUrl, '/internal/service-index');
    for (const category of new Set(services.map((s) => s.category))) {
      expect(text).toContain(`](${ORIGIN}/llms/${category}.txt): `);
      const file = await get(`/llms/${category}.txt`);
      expect(file.res.status).toBe(200);
      expect(file.res.headers.get('etag')).toBeTruthy();
      for (const s of services.filter((x) => x.category === category)) expect(file.text).toContain(`](${ORIGIN}/services/${s.slug}): `);
    }
    for (const kind of ['pm', 'resource', 'expert']) expect((await get(`/llms/talent-${kind}.txt`)).res.status).toBe(200);
    expect((await get('/llms/no-such-group.txt')).res.status).toBe(404);
  });

  it('quotes in /llms-full.txt the hourly rates GET /services answers in each market', async () => {
    const { text } = await get('/llms-full.txt');
    const de = (
      (await (await fetch(`${stack.catalogUrl}/services/react-developer`, { headers: { 'x-country': 'DE' } })).json()) as {
        data: { pricing: { hourlyRate: number } };
      }
    ).data;
    const line = text.split('\n').find((l) => l.includes(`](${ORIGIN}/services/react-developer)`));
    expect(line).toContain(`${(de.pricing.hourlyRate / 100).toFixed(2)} EUR/h in DE`);
    expect(line).toContain('INR/h in IN');
  });

  it('serves /llms-full.txt listing every indexable talent profile', async () => {
    const { res, text } = await get('/llms-full.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    for (const p of await index<TalentIndex>(stack.talentUrl, '/internal/talent-index')) expect(text).toContain(`](${talentUrl(p)}): `);
  });

  it('serves /agent.txt naming the tools, operations, authentication, rate limits and localization headers', async () => {
    const { res, text } = await get('/agent.txt');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    for (const word of [
      ...MCP_TOOLS.map((t) => t.name),
      `${ORIGIN}/mcp`,
      'quoteService',
      'Authorization: Bearer',
      'RateLimit-Remaining',
      'Retry-After',
      'X-Country',
      'X-Lang',
      `${ORIGIN}/llms.txt`,
      `${ORIGIN}/llms/<category>.txt`,
      'talent-pm.txt',
    ]) {
      expect(text).toContain(word);
    }
  });

  it('puts the gateway rate-limit and request-id headers on the site files', async () => {
    for (const path of ['/sitemap.xml', '/llms.txt', '/llms-full.txt', '/agent.txt']) {
      const { res } = await get(path);
      for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers.get(h)).toMatch(/^\d+$/);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('shows a new profile once the one-minute cache has expired, without a restart', async () => {
    const profiles = stack.talentDocuments.collection<{ _id: string } & Record<string, unknown>>(PROFILES_COLLECTION);
    const template = await profiles.findOne({ indexable: true, active: true, role: 'expert' });
    await profiles.insertOne({ ...template, _id: 'f'.repeat(24), slug: 'brand-new-expert', displayName: 'Brand New' });
    expect((await get('/sitemap.xml')).text).not.toContain('/talent/brand-new-expert<');
    stack.clock.advance(SITE_CACHE_TTL_MS);
    // The request after the TTL starts a rebuild off the request path and gets the last good copy;
    // the new build replaces it once complete (polled with a bound, no sleeps).
    let sitemap = '';
    for (let i = 0; i < 500 && !sitemap.includes('/talent/brand-new-expert<'); i++) {
      sitemap = (await get('/sitemap.xml')).text;
      if (!sitemap.includes('/talent/brand-new-expert<')) await Bun.sleep(2);
    }
    expect(sitemap).toContain(`${ORIGIN}/talent/brand-new-expert<`);
    expect((await get('/llms-full.txt')).text).toContain(`[Brand New](${ORIGIN}/talent/brand-new-expert)`);
  });

  it('keeps serving the last good talent pages when the talent service goes down', async () => {
    const before = sitemapLocs((await get('/sitemap.xml')).text);
    await stack.stopTalent();
    stack.clock.advance(SITE_CACHE_TTL_MS);
    const { res, text } = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(sitemapLocs(text)).toEqual(before);
  });
});

describe('site files when services have never answered', () => {
  const downGateway = (catalog: string) => {
    const deps = testDeps({ upstream: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json', clock: createManualClock(), upstreamTimeoutMs: 300 });
    deps.upstreams = { ...deps.upstreams, catalog };
    return createApp(deps);
  };

  // Issue 14: a site file without the talent (or without the services) is a truncated file; before
  // the first complete build the files answer 503 with Retry-After instead.
  it('answers 503 with Retry-After, not a sitemap without talent pages, while talent has never answered', async () => {
    const app = downGateway(stack.catalogUrl);
    const res = await app.handle(new Request('http://localhost/sitemap.xml'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('answers 503 for every built file, and 200 for agent.txt, when no service answers', async () => {
    const app = downGateway('http://127.0.0.1:9');
    for (const path of ['/sitemap.xml', '/llms.txt', '/llms-full.txt']) expect((await app.handle(new Request(`http://localhost${path}`))).status).toBe(503);
    expect((await app.handle(new Request('http://localhost/agent.txt'))).status).toBe(200);
  });

  it('states the quotas the gateway is configured with in /agent.txt, not the defaults', async () => {
    const deps = testDeps({ upstream: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json' });
    const limiter = createGatewayLimiter({ windowS: 120, quotas: { anonymous: 1234, authenticated: 5678, 'auth-routes': 9 } });
    const app = createApp({ ...deps, limiter });
    const res = await app.handle(new Request('http://localhost/agent.txt'));
    const text = await res.text();
    expect(res.headers.get('ratelimit-policy')).toBe('"anonymous";q=1234;w=120');
    expect(text).toContain('per IP address (1234 requests per 120 s)');
    expect(text).toContain('per account (5678 per 120 s)');
    expect(text).toContain('/api/auth/* a tighter one per IP address (9 per 120 s)');
    expect(text).not.toMatch(/default \d+/);
  });
});
