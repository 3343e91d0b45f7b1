import type { Clock, Logger } from '@tm/shared';
import { createSnapshotKeeper, type PrebuiltAnswer, type StreamedAnswer } from '@tm/shared/search';
import { DirectorySnapshot, type TalentSearch } from './directory-snapshot.ts';
import type { ProfileRepository } from './repository.ts';

/** The listed profiles held in memory for search, the sitemap and the index. */
export interface TalentDirectory {
  page(query: TalentSearch, skip: number, limit: number): Promise<{ ids: string[]; total: number }>;
  sitemap(): Promise<PrebuiltAnswer>;
  /** The talent index; it looks for changes first (awaited), so its reader (the gateway's site builder) gets current data. */
  index(format: 'json' | 'ndjson'): Promise<StreamedAnswer>;
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
export function createTalentDirectory(options: {
  repo: ProfileRepository;
  clock: Clock;
  maxAgeMs: number;
  logger: Logger;
  /** False in main.ts: its first refresh(), after the seed, builds the first snapshot, not a reader (createSnapshotKeeper). */
  lazy?: boolean;
  /** True in main.ts: a full collection once the first snapshot is built (createSnapshotKeeper). */
  collectAfterFirstBuild?: boolean;
}): TalentDirectory {
  const { repo } = options;
  const keeper = createSnapshotKeeper<DirectorySnapshot>({
    ...options,
    name: 'talent directory',
    readMarker: () => repo.changeMarker(),
    // The NDJSON index's ETag pass runs with the build, before the snapshot serves (and before the
    // first build's full collection): search and the site files read it right after each change.
    build: async (marker, previous) => {
      const built = await DirectorySnapshot.build(marker, repo.activeCards(), previous);
      await built.index('ndjson');
      return built;
    },
  });
  const current = keeper.current;

  return {
    page: async (query, skip, limit) => (await current()).page(query, skip, limit),
    sitemap: async () => (await current()).sitemap(),
    index: async (format) => {
      if (keeper.hasSnapshot()) await keeper.check();
      return (await current()).index(format);
    },
    refresh: keeper.refresh,
    hasSnapshot: keeper.hasSnapshot,
    watch: keeper.watch,
  };
}
