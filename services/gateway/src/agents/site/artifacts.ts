import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceIndexLineSchema, TalentIndexLineSchema } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { validatorOf } from '@tm/shared/http';
import type { Telemetry } from '@tm/shared/telemetry';
import { type DownloadedIndex, downloadIndex } from './index-download.ts';
import { MAX_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP, type SitemapLimits } from './sitemap.ts';
import { type SiteFile, writeSiteFiles } from './write-site-files.ts';

/** How long a good build is served before the services are asked again (a 304 from both skips the rebuild). */
export const SITE_CACHE_TTL_MS = 60_000;
/** How long to wait before asking failing services again. */
export const SITE_RETRY_MS = 5_000;

const checkService = validatorOf(ServiceIndexLineSchema);
const checkTalent = validatorOf(TalentIndexLineSchema);

export interface SiteArtifactsOptions {
  fetch: typeof fetch;
  upstreams: { catalog: string; talent: string };
  origin: string;
  clock: Clock;
  logger: Logger;
  telemetry?: Telemetry | undefined;
  timeoutMs: number;
  limits?: Partial<SitemapLimits>;
  /** Where builds are written (a fresh temporary directory by default). */
  dir?: string;
  ttlMs?: number;
  retryMs?: number;
}

interface Build {
  dir: string;
  files: Map<string, SiteFile>;
  sources: { services: DownloadedIndex; talent: DownloadedIndex };
}

/** The site files as built artifacts: the last complete build, and how to get a newer one. */
export interface SiteArtifacts {
  /** The file at a site path from the last complete build, or undefined (none yet, or no such part). */
  file(path: string): SiteFile | undefined;
  /** True once a complete build exists. */
  ready(): boolean;
  /** Starts a rebuild when the last one is older than the TTL (or failed longer ago than the retry delay); never waits for it. */
  refreshIfStale(requestId: string): void;
  /** The build in progress (or a new one), for the first request and for tests. */
  build(requestId: string): Promise<void>;
}

/**
 * Builds the site files off the request path, from the services' streamed indexes (which carry
 * each market's price), into a new directory each time; only a build whose both indexes arrived
 * whole and whose files were all written replaces the served one, so a failed or cut-off rebuild
 * leaves the last good copy in place. Memory stays bounded: indexes stream to disk, files are
 * rendered line by line and served from disk.
 */
export function createSiteArtifacts(options: SiteArtifactsOptions): SiteArtifacts {
  const ttlMs = options.ttlMs ?? SITE_CACHE_TTL_MS;
  const retryMs = options.retryMs ?? SITE_RETRY_MS;
  const limits: SitemapLimits = { maxUrls: options.limits?.maxUrls ?? MAX_URLS_PER_SITEMAP, maxBytes: options.limits?.maxBytes ?? MAX_SITEMAP_BYTES };
  let root: Promise<string> | undefined;
  let current: Build | undefined;
  let running: Promise<void> | undefined;
  let nextAt = Number.NEGATIVE_INFINITY;
  let seq = 0;
  const clientOf = (service: 'catalog' | 'talent') =>
    createServiceClient({
      service,
      baseUrl: options.upstreams[service],
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      logger: options.logger,
      telemetry: options.telemetry,
    });
  const clients = { catalog: clientOf('catalog'), talent: clientOf('talent') };

  const rootDir = () => {
    root ??= options.dir ? mkdir(options.dir, { recursive: true }).then(() => options.dir as string) : mkdtemp(join(tmpdir(), 'tm-site-'));
    return root;
  };

  async function rebuild(requestId: string): Promise<void> {
    const dir = join(await rootDir(), `build-${Date.now()}-${++seq}`);
    await mkdir(dir, { recursive: true });
    try {
      const get = (service: 'catalog' | 'talent', path: string, file: string, check: (v: unknown) => boolean, previous?: DownloadedIndex) =>
        downloadIndex({
          client: clients[service],
          indexPath: path,
          path: join(dir, file),
          check,
          timeoutMs: options.timeoutMs,
          requestId,
          previousEtag: current ? previous?.etag : undefined,
        });
      const [services, talent] = await Promise.all([
        get('catalog', '/internal/service-index.ndjson', 'services.ndjson', (v) => checkService.Check(v), current?.sources.services),
        get('talent', '/internal/talent-index.ndjson', 'talent.ndjson', (v) => checkTalent.Check(v), current?.sources.talent),
      ]);
      if (services === 'unchanged' && talent === 'unchanged') {
        await rm(dir, { recursive: true, force: true });
        return;
      }
      const keep = async (got: DownloadedIndex | 'unchanged', previous: DownloadedIndex | undefined, file: string): Promise<DownloadedIndex> => {
        if (got !== 'unchanged') return got;
        const prev = previous as DownloadedIndex;
        const path = join(dir, file);
        await Bun.write(path, Bun.file(prev.path));
        return { ...prev, path };
      };
      const s = await keep(services, current?.sources.services, 'services.ndjson');
      const t = await keep(talent, current?.sources.talent, 'talent.ndjson');
      const newest = [s.newest, t.newest]
        .filter((x): x is string => !!x)
        .sort()
        .at(-1);
      const files = await writeSiteFiles({ dir, origin: options.origin, services: s.path, talent: t.path, newest, limits });
      const old = current;
      current = { dir, files, sources: { services: s, talent: t } };
      options.logger.info('site files built', { requestId, services: s.kept, talent: t.kept, files: files.size });
      // Requests may still be sending the old files; they go a minute later.
      if (old) setTimeout(() => void rm(old.dir, { recursive: true, force: true }), 60_000).unref?.();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  function build(requestId: string): Promise<void> {
    running ??= rebuild(requestId)
      .then(
        () => {
          nextAt = options.clock.now() + ttlMs;
        },
        (error) => {
          nextAt = options.clock.now() + retryMs;
          options.logger.warn('site files rebuild failed; the last good copy stays', { requestId, error: String(error) });
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    file: (path) => current?.files.get(path),
    ready: () => current !== undefined,
    refreshIfStale(requestId) {
      if (!running && options.clock.now() >= nextAt) void build(requestId);
    },
    build,
  };
}
