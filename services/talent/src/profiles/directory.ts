import type { Rating } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import type { RatingsBook } from '@tm/shared/client/ratings';
import { createSnapshotKeeper, type PrebuiltAnswer, type SnapshotKeeper, type StreamedAnswer } from '@tm/shared/search';
import { DirectorySnapshot, type TalentSearch } from './directory-snapshot.ts';
import type { ProfileRepository } from './repository.ts';

/** The listed profiles held in memory for search, the sitemap and the index. */
export interface TalentDirectory {
  page(query: TalentSearch, skip: number, limit: number): Promise<{ ids: string[]; total: number }>;
  sitemap(): Promise<PrebuiltAnswer>;
  /** The talent index; it looks for changes first (awaited), so its reader (the gateway's site builder) gets current data. */
  index(format: 'json' | 'ndjson'): Promise<StreamedAnswer>;
  /** A PM's `rating {count, average}` from reviews' ratings index as last read (the order's source), or undefined. */
  ratingOf(id: string): Rating | undefined;
  /** Rebuilds from the store now (start-up, tests). */
  refresh(): Promise<void>;
  hasSnapshot(): boolean;
  /** Checks for changes every `maxAgeMs` on a timer (main.ts); returns the stop function. */
  watch(): () => void;
}

/** How long a directory marker read waits for reviews' ratings index (it may take up to the index reads' 10 s budget). */
export const RATINGS_WAIT_MS = 1_000;

/** Resolves when `work` settles or after `ms`, whichever is first (`work` goes on; it never throws here). */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
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
  /**
   * True in main.ts: a full collection once the first snapshot is built, before it serves (the
   * keeper's), and the first build's ETag pass once it serves (see build below).
   */
  collectAfterFirstBuild?: boolean;
  /** True in main.ts: a full collection before each rebuild and one after it (createSnapshotKeeper). */
  collectAroundRebuilds?: boolean;
  /** Reviews' ratings of PMs (main.ts), the first key of the order; asked for changes with every marker read. None: unrated. */
  ratings?: RatingsBook;
  /** How long a marker read waits for reviews' answer (RATINGS_WAIT_MS unless said). */
  ratingsWaitMs?: number;
}): TalentDirectory {
  const { repo, ratings } = options;
  const ratingsWaitMs = options.ratingsWaitMs ?? RATINGS_WAIT_MS;
  const { logger } = options;
  const keeper: SnapshotKeeper<DirectorySnapshot> = createSnapshotKeeper<DirectorySnapshot>({
    ...options,
    name: 'talent directory',
    // The ratings' version is part of the marker, so a publication, hide or restore reorders (a 304 from reviews costs nothing).
    // Once a snapshot serves, a slow or hung reviews holds a marker read (a profile change, the
    // index search reads) at most ratingsWaitMs: its answer, when it comes, is in the next read's
    // version. The first build waits for it (the client's own timeout), so a large index that takes
    // a while at start-up does not cost a second build of the whole directory right after.
    readMarker: async () => {
      if (!ratings) return repo.changeMarker();
      const asked = ratings.refresh();
      const [marker] = await Promise.all([repo.changeMarker(), keeper.hasSnapshot() ? atMost(asked, ratingsWaitMs) : asked]);
      return { ...marker, latest: `${marker.latest}|${ratings.version}` };
    },
    // The NDJSON index's ETag pass runs with a rebuild, before the new snapshot serves: search and
    // the site files read it right after each change. The first build's (main.ts) is started here
    // and goes on once the snapshot serves: ~0.4 s at 100k taken off start-up (docs/scale.md,
    // "Seventh pass"). Searches and the sitemap answer meanwhile (the pass yields every few
    // chunks); the first index request joins the pass. The full collection is the keeper's, before
    // the snapshot serves: run after the pass, as it once was, it stopped every request for its
    // 0.4-1 s right after /readyz said 200 (docs/scale.md, "Eighth pass").
    build: async (marker, previous) => {
      const built = await DirectorySnapshot.build(marker, repo.activeCards(), previous, (id) => ratings?.of('pm', id)?.bayesian ?? 0);
      const pass = built.index('ndjson');
      if (previous || !options.collectAfterFirstBuild) await pass;
      else void pass.catch((err) => logger.warn('talent index pass failed (the next index request tries again)', { error: String(err) }));
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
    ratingOf: (id) => {
      const r = ratings?.of('pm', id);
      return r ? { count: r.count, average: r.average } : undefined;
    },
    refresh: keeper.refresh,
    hasSnapshot: keeper.hasSnapshot,
    watch: keeper.watch,
  };
}
