import type { Lang, MarketCode } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import { createSnapshotKeeper, type RebuildableAnswer, type StreamedAnswer } from '@tm/shared/search';
import type { ServiceSummary } from './model.ts';
import type { ServiceQuery, ServiceRepository } from './repository.ts';
import { CatalogSnapshot } from './snapshot.ts';

/** The default of CATALOG_WHOLE_LIST_BUDGET_MB. */
export const DEFAULT_WHOLE_LIST_BUDGET_MB = 64;

/** The active services held in memory, for the hot paths (pages, picker catalog, pricing, the service index). */
export interface ServiceReadModel {
  /** How many active services the snapshot holds. */
  size(): Promise<number>;
  /** An active service by id or slug, or undefined. */
  find(idOrSlug: string): Promise<ServiceSummary | undefined>;
  /** The slugs of one page of a list query, and its total. */
  page(query: ServiceQuery, skip: number, limit: number): Promise<{ slugs: string[]; total: number }>;
  /** GET /services/catalog for a market and language: its ETag, and its body (kept or built again) only when sent. */
  catalog(market: MarketCode, lang: Lang): Promise<RebuildableAnswer>;
  /** The internal service index, as JSON or as lines with prices; it looks for changes first (awaited), for the gateway's site builder. */
  serviceIndex(format: 'json' | 'ndjson'): Promise<StreamedAnswer>;
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
 * A failed reload keeps the last good snapshot, so reads go on while the store is away. Each
 * snapshot keeps its /services/catalog bodies within `wholeListBudgetBytes`
 * (CATALOG_WHOLE_LIST_BUDGET_MB), dropping the least recently sent and keeping every ETag.
 */
export function createServiceReadModel(options: {
  repo: ServiceRepository;
  clock: Clock;
  maxAgeMs: number;
  logger: Logger;
  wholeListBudgetBytes?: number;
  /** False in main.ts: its first refresh(), after the seed, builds the first snapshot, not a reader (createSnapshotKeeper). */
  lazy?: boolean;
  /** True in main.ts: a full collection once the first snapshot is built (createSnapshotKeeper). */
  collectAfterFirstBuild?: boolean;
  /** True in main.ts: a full collection before each rebuild and one after it (createSnapshotKeeper). */
  collectAroundRebuilds?: boolean;
}): ServiceReadModel {
  const { repo, wholeListBudgetBytes = DEFAULT_WHOLE_LIST_BUDGET_MB * 2 ** 20 } = options;
  const keeper = createSnapshotKeeper<CatalogSnapshot>({
    ...options,
    name: 'catalog read model',
    readMarker: () => repo.changeMarker(),
    // The NDJSON index's ETag pass runs with the build, before the snapshot serves (and before the
    // first build's full collection): search and the site files read it right after each change,
    // and their first read then only streams the body. (Run after the first snapshot served
    // instead, readiness came ~0.4 s sooner at 100k, but the first index read after it waited for
    // the pass, over 1 s on the loaded machine: docs/scale.md, "Seventh pass".)
    build: async (marker, previous) => {
      const built = await CatalogSnapshot.build(marker, repo.activeSummaries({ bson: true }), wholeListBudgetBytes, previous);
      await built.serviceIndexLines();
      return built;
    },
  });
  const current = keeper.current;

  return {
    size: async () => (await current()).size,
    find: async (idOrSlug) => (await current()).find(idOrSlug),
    page: async (query, skip, limit) => (await current()).page(query, skip, limit),
    catalog: async (market, lang) => (await current()).catalog(market, lang),
    serviceIndex: async (format) => {
      if (keeper.hasSnapshot()) await keeper.check();
      const s = await current();
      return format === 'json' ? s.serviceIndex() : s.serviceIndexLines();
    },
    refresh: keeper.refresh,
    hasSnapshot: keeper.hasSnapshot,
    watch: keeper.watch,
  };
}
