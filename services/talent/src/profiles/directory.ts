import type { Clock, Logger, PrebuiltAnswer } from '@tm/shared';
import { DirectorySnapshot, type TalentSearch } from './directory-snapshot.ts';
import type { ProfileChangeMarker, ProfileRepository } from './repository.ts';

/** The listed profiles held in memory for search, the sitemap and the index. */
export interface TalentDirectory {
  page(query: TalentSearch, skip: number, limit: number): Promise<{ ids: string[]; total: number }>;
  sitemap(): Promise<PrebuiltAnswer>;
  /** The talent index; it looks for changes first (awaited), so its reader (the gateway's site builder) gets current data. */
  index(format: 'json' | 'ndjson'): Promise<PrebuiltAnswer>;
  /** Rebuilds from the store now (start-up, tests). */
  refresh(): Promise<void>;
  hasSnapshot(): boolean;
  /** Checks for changes every `maxAgeMs` on a timer (main.ts); returns the stop function. */
  watch(): () => void;
}

/**
 * Like the catalog's read model: a snapshot built at start (or by the first request), then a
 * cheap change marker read off the request path once `maxAgeMs` has passed, and a rebuild in the
 * background only when it moved; a failed rebuild keeps the last good snapshot.
 */
export function createTalentDirectory(options: { repo: ProfileRepository; clock: Clock; maxAgeMs: number; logger: Logger }): TalentDirectory {
  const { repo, clock, maxAgeMs, logger } = options;
  let snapshot: DirectorySnapshot | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  let checking: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const marker = await repo.changeMarker();
      snapshot = await DirectorySnapshot.build(marker, await repo.listActiveCards());
      checkedAt = clock.now();
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  const moved = (a: ProfileChangeMarker, b: ProfileChangeMarker) => a.total !== b.total || a.active !== b.active || a.latest !== b.latest;

  function check(): Promise<void> {
    checking ??= (async () => {
      checkedAt = clock.now();
      const marker = await repo.changeMarker();
      if (!snapshot || moved(marker, snapshot.marker)) await load();
    })()
      .catch((err) => logger.warn('talent directory refresh failed', { error: String(err) }))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  async function current(): Promise<DirectorySnapshot> {
    if (!snapshot) await load();
    else if (clock.now() - checkedAt > maxAgeMs) void check();
    return snapshot as DirectorySnapshot;
  }

  return {
    page: async (query, skip, limit) => (await current()).page(query, skip, limit),
    sitemap: async () => (await current()).sitemap(),
    index: async (format) => {
      if (snapshot) await check();
      return (await current()).index(format);
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
