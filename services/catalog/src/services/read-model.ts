import type { Lang, MarketCode } from '@tm/contracts';
import type { Clock, Logger, PrebuiltAnswer } from '@tm/shared';
import type { ServiceSummary } from './model.ts';
import type { ChangeMarker, ServiceQuery, ServiceRepository } from './repository.ts';
import { CatalogSnapshot } from './snapshot.ts';

/** The active services held in memory, for the hot paths (pages, picker catalog, pricing, the service index). */
export interface ServiceReadModel {
  /** Active services in display order. */
  all(): Promise<readonly ServiceSummary[]>;
  /** An active service by id or slug, or undefined. */
  find(idOrSlug: string): Promise<ServiceSummary | undefined>;
  /** The slugs of one page of a list query, and its total. */
  page(query: ServiceQuery, skip: number, limit: number): Promise<{ slugs: string[]; total: number }>;
  /** GET /services/catalog for a market and language, prebuilt. */
  catalog(market: MarketCode, lang: Lang): Promise<PrebuiltAnswer>;
  /** The internal service index, as JSON or as lines with prices; it looks for changes first (awaited), for the gateway's site builder. */
  serviceIndex(format: 'json' | 'ndjson'): Promise<PrebuiltAnswer>;
  /** Reloads from the store now (tests, and after seeding). */
  refresh(): Promise<void>;
  /** True once a snapshot exists: the catalog can answer whatever the store is doing. */
  hasSnapshot(): boolean;
  /** Checks for changes every `maxAgeMs` on a timer (main.ts); returns the stop function. */
  watch(): () => void;
}

/**
 * GET /services, /services/catalog, the quotes and the service index read a snapshot of the
 * active catalog instead of the store. No request waits on a reload: the first snapshot is
 * built at start (main.ts) or by the first request, and afterwards a cheap change marker (counts
 * and newest `updatedAt`) is read off the request path once `maxAgeMs` has passed; only a changed
 * marker rebuilds, in the background, yielding to requests, while the old snapshot keeps serving.
 * A failed reload keeps the last good snapshot, so reads go on while the store is away.
 */
export function createServiceReadModel(options: { repo: ServiceRepository; clock: Clock; maxAgeMs: number; logger: Logger }): ServiceReadModel {
  const { repo, clock, maxAgeMs, logger } = options;
  let snapshot: CatalogSnapshot | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  let checking: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const marker = await repo.changeMarker();
      const next = await CatalogSnapshot.build(marker, await repo.listActive());
      snapshot = next;
      checkedAt = clock.now();
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  function changed(a: ChangeMarker, b: ChangeMarker): boolean {
    return a.total !== b.total || a.active !== b.active || a.latest !== b.latest;
  }

  /** Off the request path: read the marker, rebuild only when it moved. */
  function check(): Promise<void> {
    checking ??= (async () => {
      checkedAt = clock.now();
      const marker = await repo.changeMarker();
      if (!snapshot || changed(marker, snapshot.marker)) await load();
    })()
      .catch((err) => logger.warn('catalog read model refresh failed', { error: String(err) }))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  async function current(): Promise<CatalogSnapshot> {
    if (!snapshot) await load();
    else if (clock.now() - checkedAt > maxAgeMs) void check();
    return snapshot as CatalogSnapshot;
  }

  return {
    all: async () => (await current()).items,
    find: async (idOrSlug) => (await current()).byKey.get(idOrSlug),
    page: async (query, skip, limit) => (await current()).page(query, skip, limit),
    catalog: async (market, lang) => (await current()).catalog(market, lang),
    serviceIndex: async (format) => {
      if (snapshot) await check();
      const s = await current();
      return format === 'json' ? s.serviceIndex() : s.serviceIndexLines();
    },
    refresh: load,
    hasSnapshot: () => snapshot !== undefined,
    watch() {
      const timer = setInterval(() => void check(), Math.max(250, maxAgeMs));
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
