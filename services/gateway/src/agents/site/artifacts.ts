import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, Logger } from '@tm/shared';
import { createServiceClient, type ServiceClient } from '@tm/shared/client';
import type { Telemetry } from '@tm/shared/telemetry';
import type { Upstreams } from '../../site-deps.ts';
import { type DownloadedIndex, downloadIndex } from './index-download.ts';
import { downloadRatings, loadRatings, type RatingsDownload } from './ratings.ts';
import { MAX_SITEMAP_BYTES, MAX_URLS_PER_SITEMAP } from './sitemap.ts';
import { SITE_SOURCES, type SiteSource } from './sources.ts';
import { DEFAULT_LLMS_LIMITS, type SiteFile, type SiteFileLimits, writeSiteFiles } from './write-site-files.ts';

/** How long a good build is served before the services are asked again (a 304 from every index skips the rebuild); with the 10 s timer, a published page is listed within 40 s. */
export const SITE_CACHE_TTL_MS = 30_000;
/** How long to wait before asking failing services again. */
export const SITE_RETRY_MS = 5_000;

export interface SiteArtifactsOptions {
  fetch: typeof fetch;
  /** The base URL of each upstream the sources name. */
  upstreams: Readonly<Partial<Upstreams>>;
  /** What the files list (default: the catalog's services and talent's profiles). */
  sources?: readonly SiteSource[];
  origin: string;
  clock: Clock;
  logger: Logger;
  telemetry?: Telemetry | undefined;
  /** This process's service credential (SERVICE_CREDENTIAL), sent on every call to another service's /internal routes. */
  serviceCredential?: string | undefined;
  timeoutMs: number;
  limits?: Partial<SiteFileLimits>;
  /** Where builds are written (a fresh temporary directory by default). */
  dir?: string;
  ttlMs?: number;
  retryMs?: number;
}

interface Build {
  dir: string;
  files: Map<string, SiteFile>;
  /** Each source's downloaded index, by source name. */
  indexes: Map<string, DownloadedIndex>;
  /** Reviews' ratings index, when the gateway knows reviews (REVIEWS_URL). */
  ratings: RatingsDownload | undefined;
}

/** The site files as built artifacts: the last complete build, and how to get a newer one. */
export interface SiteArtifacts {
  /** The file at a site path from the last complete build, or undefined (none yet, or no such part). */
  file(path: string): SiteFile | undefined;
  /** The site paths of the last complete build (none before the first). */
  paths(): string[];
  /** True once a complete build exists. */
  ready(): boolean;
  /** Starts a rebuild when the last one is older than the TTL (or failed longer ago than the retry delay); never waits for it. */
  refreshIfStale(requestId: string): void;
  /** The build in progress (or a new one), for the first request and for tests. */
  build(requestId: string): Promise<void>;
}

/**
 * Builds the site files off the request path, from the sources' streamed indexes (the catalog's
 * carries each market's price), into a new directory each time; only a build whose every index
 * arrived whole and whose files were all written replaces the served one, so a failed or cut-off
 * rebuild leaves the last good copy in place. Memory stays bounded: indexes stream to disk, files
 * are rendered line by line and served from disk.
 */
export function createSiteArtifacts(options: SiteArtifactsOptions): SiteArtifacts {
  const ttlMs = options.ttlMs ?? SITE_CACHE_TTL_MS;
  const retryMs = options.retryMs ?? SITE_RETRY_MS;
  const sources = options.sources ?? SITE_SOURCES;
  const limits: SiteFileLimits = { maxUrls: MAX_URLS_PER_SITEMAP, maxBytes: MAX_SITEMAP_BYTES, ...DEFAULT_LLMS_LIMITS, ...options.limits };
  let root: Promise<string> | undefined;
  let current: Build | undefined;
  let running: Promise<void> | undefined;
  let nextAt = Number.NEGATIVE_INFINITY;
  let seq = 0;
  const clients = new Map<keyof Upstreams, ServiceClient>();
  /** The client of an upstream a source reads, made on first use. */
  const clientOf = (upstream: keyof Upstreams): ServiceClient => {
    let client = clients.get(upstream);
    if (!client) {
      client = createServiceClient({
        service: upstream,
        baseUrl: options.upstreams[upstream] ?? '',
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
        logger: options.logger,
        telemetry: options.telemetry,
        credential: options.serviceCredential,
      });
      clients.set(upstream, client);
    }
    return client;
  };

  const rootDir = () => {
    root ??= options.dir ? mkdir(options.dir, { recursive: true }).then(() => options.dir as string) : mkdtemp(join(tmpdir(), 'tm-site-'));
    return root;
  };

  async function rebuild(requestId: string): Promise<void> {
    const dir = join(await rootDir(), `build-${Date.now()}-${++seq}`);
    await mkdir(dir, { recursive: true });
    try {
      // Reviews' ratings are joined to the services and PMs by id; reviews away: the files go out without them.
      const ratingsPath = join(dir, 'ratings.ndjson');
      const ratingsGot = options.upstreams.reviews
        ? downloadRatings({ client: clientOf('reviews'), path: ratingsPath, timeoutMs: options.timeoutMs, requestId, previous: current?.ratings })
        : ('unchanged' as const);
      const got = await Promise.all(
        sources.map(async (source): Promise<DownloadedIndex | 'unchanged'> => {
          const previous = current?.indexes.get(source.name);
          const path = join(dir, `${source.name}.ndjson`);
          try {
            return await downloadIndex({
              client: clientOf(source.upstream),
              indexPath: source.indexPath,
              path,
              check: source.check,
              timeoutMs: options.timeoutMs,
              requestId,
              previousEtag: previous?.etag,
            });
          } catch (error) {
            if (!source.optional) throw error;
            // An optional source's service is away: its last good index stays, or none before the first.
            options.logger.warn('site files built without a fresh index', { requestId, source: source.name, error: String(error) });
            if (previous) return 'unchanged';
            await Bun.write(path, '');
            return { path, etag: null, sent: 0, kept: 0, newest: undefined };
          }
        }),
      );
      const ratingsNow = await ratingsGot;
      if (got.every((g) => g === 'unchanged') && ratingsNow === 'unchanged') {
        await rm(dir, { recursive: true, force: true });
        return;
      }
      // An index that answered 304 is the last build's, copied into this build's directory.
      const indexes = new Map<string, DownloadedIndex>();
      for (const [i, source] of sources.entries()) {
        const g = got[i] as DownloadedIndex | 'unchanged';
        const previous = current?.indexes.get(source.name) as DownloadedIndex;
        const path = join(dir, `${source.name}.ndjson`);
        if (g === 'unchanged') await Bun.write(path, Bun.file(previous.path));
        indexes.set(source.name, g === 'unchanged' ? { ...previous, path } : g);
      }
      const newest = [...indexes.values()]
        .map((x) => x.newest)
        .filter((x): x is string => !!x)
        .sort()
        .at(-1);
      const inputs = sources.map((source) => ({ source, path: (indexes.get(source.name) as DownloadedIndex).path }));
      let ratings = ratingsNow === 'unchanged' ? current?.ratings : ratingsNow;
      if (ratingsNow === 'unchanged' && ratings !== undefined && ratings !== 'away') {
        await Bun.write(ratingsPath, Bun.file(ratings.path));
        ratings = { ...ratings, path: ratingsPath };
      }
      const files = await writeSiteFiles({ dir, origin: options.origin, inputs, newest, limits, ratings: await loadRatings(ratings) });
      const old = current;
      current = { dir, files, indexes, ratings };
      const kept = Object.fromEntries([...indexes].map(([name, x]) => [name, x.kept]));
      options.logger.info('site files built', { requestId, ...kept, files: files.size });
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
    paths: () => [...(current?.files.keys() ?? [])],
    ready: () => current !== undefined,
    refreshIfStale(requestId) {
      if (!running && options.clock.now() >= nextAt) void build(requestId);
    },
    build,
  };
}
