import { acceptRequestId, type Clock, REQUEST_ID_HEADER } from '@tm/shared';
import { Elysia, NotFoundError } from 'elysia';
import type { UpstreamClient } from '../upstream.ts';
import { type RateLimitFacts, renderAgentTxt } from './agent-txt.ts';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms.ts';
import type { SiteData } from './model.ts';
import { buildSitePages, type SitePage } from './pages.ts';
import { createSiteData } from './site-data.ts';
import { buildSitemapFiles, type SitemapLimits } from './sitemap.ts';

const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
/** Browsers and crawlers may keep a copy as long as the gateway does. */
const CACHE_CONTROL = 'public, max-age=60';

export interface SiteRoutesOptions {
  upstream: UpstreamClient;
  clock: Clock;
  origin: string;
  /** The gateway's quotas, stated in agent.txt. */
  rateLimits: RateLimitFacts;
  /** When a sitemap file splits (the protocol's 50,000 URLs and 50 MiB; tests lower them). */
  sitemapLimits?: Partial<SitemapLimits>;
}

/** The documents built from one snapshot of site data; rebuilt only when the snapshot changes. */
interface SiteFiles {
  pages: SitePage[];
  sitemaps: Map<string, string>;
  llms: string;
  llmsFull: string;
}

/** GET /sitemap.xml (+ /sitemap-N.xml parts), /llms.txt, /llms-full.txt and /agent.txt. */
export function createSiteRoutes(options: SiteRoutesOptions) {
  const { origin } = options;
  const data = createSiteData({ upstream: options.upstream, clock: options.clock });
  const agentTxt = renderAgentTxt(origin, options.rateLimits);
  let built: { snapshot: SiteData; files: SiteFiles } | undefined;

  async function files(requestId: string): Promise<SiteFiles> {
    const snapshot = await data.get(requestId);
    const last = built?.snapshot;
    if (built && last?.services === snapshot.services && last.talent === snapshot.talent && last.prices === snapshot.prices) return built.files;
    const pages = buildSitePages(snapshot, origin);
    const sitemaps = buildSitemapFiles(
      pages.map((p) => ({ loc: p.url, lastmod: p.lastmod })),
      origin,
      options.sitemapLimits,
    );
    const next = { pages, sitemaps, llms: renderLlmsTxt(pages, origin), llmsFull: renderLlmsFullTxt(pages, origin) };
    built = { snapshot, files: next };
    return next;
  }

  const idOf = (request: Request, headers: Record<string, unknown>) =>
    typeof headers[REQUEST_ID_HEADER] === 'string' ? (headers[REQUEST_ID_HEADER] as string) : acceptRequestId(request.headers.get(REQUEST_ID_HEADER));

  const send = (set: { headers: Record<string, unknown> }, type: string, body: string) => {
    set.headers['content-type'] = type;
    set.headers['cache-control'] = CACHE_CONTROL;
    return body;
  };

  const hidden = { detail: { hide: true } };
  return new Elysia({ name: 'agent-site-routes' })
    .get('/agent.txt', ({ set }) => send(set, TEXT, agentTxt), hidden)
    .get('/llms.txt', async ({ request, set }) => send(set, TEXT, (await files(idOf(request, set.headers))).llms), hidden)
    .get('/llms-full.txt', async ({ request, set }) => send(set, TEXT, (await files(idOf(request, set.headers))).llmsFull), hidden)
    .get('/sitemap.xml', async ({ request, set }) => send(set, XML, (await files(idOf(request, set.headers))).sitemaps.get('/sitemap.xml') ?? ''), hidden)
    .get(
      '/sitemap-:part',
      async ({ request, set, params }) => {
        const xml = (await files(idOf(request, set.headers))).sitemaps.get(`/sitemap-${(params as { part?: string }).part}`);
        if (xml === undefined) throw new NotFoundError();
        return send(set, XML, xml);
      },
      hidden,
    );
}
