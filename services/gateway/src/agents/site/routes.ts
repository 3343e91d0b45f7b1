import { acceptRequestId, type Clock, fail, type Logger, REQUEST_ID_HEADER } from '@tm/shared';
import { matchesIfNoneMatch } from '@tm/shared/http';
import type { Telemetry } from '@tm/shared/telemetry';
import { Elysia, NotFoundError } from 'elysia';
import type { Upstreams } from '../../site-deps.ts';
import { type RateLimitFacts, renderAgentTxt } from './agent-txt.ts';
import { createSiteArtifacts, SITE_RETRY_MS } from './artifacts.ts';
import type { SiteFileLimits } from './write-site-files.ts';

const TEXT = 'text/plain; charset=utf-8';
/** Caches may keep a copy for a minute (the build's own TTL), then revalidate with the ETag. */
const CACHE_CONTROL = 'public, max-age=60';

export interface SiteRoutesOptions {
  fetch: typeof fetch;
  /** The base URL of each upstream the site sources read (catalog, talent). */
  upstreams: Readonly<Partial<Upstreams>>;
  clock: Clock;
  logger: Logger;
  telemetry?: Telemetry | undefined;
  /** This process's service credential (SERVICE_CREDENTIAL), sent on every call to another service's /internal routes. */
  serviceCredential?: string | undefined;
  origin: string;
  /** How long one index download may take. */
  timeoutMs: number;
  /** The gateway's quotas, stated in agent.txt. */
  rateLimits: RateLimitFacts;
  /** When a sitemap file splits (the protocol's 50,000 URLs and 50 MiB) and the llms files' budgets; tests lower them. */
  limits?: Partial<SiteFileLimits>;
  /** Where builds are written (a temporary directory by default). */
  dir?: string;
  /** When set (main.ts), the first build starts now and a rebuild is looked for at this interval, off the request path. */
  buildIntervalMs?: number;
}

/**
 * GET /sitemap.xml (+ /sitemap-N.xml parts), /llms.txt, /llms/<group>.txt (+ parts) and
 * /llms-full.txt from the last complete build, with an ETag (304 to a matching If-None-Match),
 * and /agent.txt. A request never waits for a rebuild; before the first build exists it waits for
 * that one (at most the upstream timeout), then answers 503 with Retry-After: never an empty or
 * partial file.
 */
export function createSiteRoutes(options: SiteRoutesOptions) {
  const artifacts = createSiteArtifacts({
    fetch: options.fetch,
    upstreams: options.upstreams,
    origin: options.origin,
    clock: options.clock,
    logger: options.logger,
    telemetry: options.telemetry,
    serviceCredential: options.serviceCredential,
    timeoutMs: options.timeoutMs,
    limits: options.limits,
    dir: options.dir,
  });
  if (options.buildIntervalMs) {
    void artifacts.build('site-files-start');
    setInterval(() => artifacts.refreshIfStale('site-files-timer'), options.buildIntervalMs).unref?.();
  }
  const agentTxt = renderAgentTxt(options.origin, options.rateLimits);

  const idOf = (request: Request, headers: Record<string, unknown>) =>
    typeof headers[REQUEST_ID_HEADER] === 'string' ? (headers[REQUEST_ID_HEADER] as string) : acceptRequestId(request.headers.get(REQUEST_ID_HEADER));

  async function serve(path: string, request: Request, set: { headers: Record<string, unknown> }): Promise<Response> {
    const requestId = idOf(request, set.headers);
    artifacts.refreshIfStale(requestId);
    if (!artifacts.ready()) {
      const waited = new Promise<void>((resolve) => setTimeout(resolve, options.timeoutMs * 2).unref?.());
      await Promise.race([artifacts.build(requestId), waited]);
    }
    const headers = { ...(set.headers as Record<string, string>) };
    const file = artifacts.file(path);
    if (!file) {
      if (artifacts.ready()) throw new NotFoundError();
      const body = fail('UPSTREAM_UNAVAILABLE', 'The site files are being built; try again shortly');
      return Response.json(body, { status: 503, headers: { ...headers, 'retry-after': String(Math.ceil(SITE_RETRY_MS / 1000)), 'cache-control': 'no-store' } });
    }
    const common = { ...headers, etag: file.etag, 'cache-control': CACHE_CONTROL };
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), file.etag)) return new Response(null, { status: 304, headers: common });
    return new Response(Bun.file(file.path), { headers: { ...common, 'content-type': file.contentType } });
  }

  const hidden = { detail: { hide: true } };
  return new Elysia({ name: 'agent-site-routes' })
    .get(
      '/agent.txt',
      ({ set }) => {
        set.headers['content-type'] = TEXT;
        set.headers['cache-control'] = CACHE_CONTROL;
        return agentTxt;
      },
      hidden,
    )
    .get('/llms.txt', ({ request, set }) => serve('/llms.txt', request, set), hidden)
    .get('/llms-full.txt', ({ request, set }) => serve('/llms-full.txt', request, set), hidden)
    .get('/llms/:file', ({ request, set, params }) => serve(`/llms/${(params as { file?: string }).file}`, request, set), hidden)
    .get('/sitemap.xml', ({ request, set }) => serve('/sitemap.xml', request, set), hidden)
    .get('/sitemap-:part', ({ request, set, params }) => serve(`/sitemap-${(params as { part?: string }).part}`, request, set), hidden);
}
