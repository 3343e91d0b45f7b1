import { fullGC } from 'bun:jsc';
import type { Clock } from '../core/clock.ts';
import { DomainError } from '../core/errors.ts';
import type { Logger } from '../core/logger.ts';

/** What tells a snapshot is out of date without reading the data: counts and the newest `updatedAt`. */
export interface ChangeMarker {
  total: number;
  active: number;
  latest: string | null;
}

/** A snapshot built from the store, remembering the marker it was built at. */
export interface MarkedSnapshot {
  readonly marker: ChangeMarker;
}

export interface SnapshotKeeper<S extends MarkedSnapshot> {
  /**
   * The snapshot; a stale one is re-checked in the background. Before the first one exists, the
   * first build is started or joined and waited for at most `firstBuildWaitMs`, then this throws
   * SERVICE_UNAVAILABLE (retry shortly) while the build goes on.
   */
  current(): Promise<S>;
  /** Reads the marker now and rebuilds when it moved (never throws; a failure is logged). */
  check(): Promise<void>;
  /** Rebuilds from the store now (start-up, tests, after seeding); the first call lets a keeper that is not lazy build on its own afterwards. */
  refresh(): Promise<void>;
  /** True once a snapshot exists: what /readyz reports (main.ts builds the first one at start). */
  hasSnapshot(): boolean;
  /** Checks for changes every `maxAgeMs` on a timer (main.ts); returns the stop function. */
  watch(): () => void;
}

/**
 * The collections around a rebuild (collectAroundRebuilds), an object so tests can count them.
 * Before: JSC's full collection (`fullGC`: the build's code stays compiled), so the heap the
 * build's releaser starts from is the live one (the snapshot serving and the store). After: the
 * replaced snapshot's memory goes, handed back to the system (Bun.gc(true), as after the first build).
 */
export const rebuildCollections = {
  before: (): void => void fullGC(),
  after: (): void => void Bun.gc(true),
};

/**
 * The newest `updatedAt` as compared: a document written by hand (or a script) with a Date, not
 * the ISO string the services write, reads back as a new Date object on every read, which `!==`
 * never finds equal: the snapshot was rebuilt on every check (every maxAgeMs) for as long as it was
 * the newest. Compared by its instant instead.
 */
const latestOf = (m: ChangeMarker): string | null => {
  const latest: unknown = m.latest;
  return latest instanceof Date ? latest.toISOString() : (m.latest ?? null);
};
const moved = (a: ChangeMarker, b: ChangeMarker) => a.total !== b.total || a.active !== b.active || latestOf(a) !== latestOf(b);

/**
 * How a serving process (catalog's and talent's main.ts, and the bench scripts that stand in for
 * them) keeps its snapshot: the owner builds the first one, with a full collection after it and
 * around every rebuild (docs/scale.md, "Rebuild peak"). One object, so the bench cannot drift.
 */
export const SERVING_KEEPER = { lazy: false, collectAfterFirstBuild: true, collectAroundRebuilds: true } as const;

/** How long a snapshot may serve without a full rebuild when its marker never moves. */
export const REBUILD_EVERY_MS = 10 * 60_000;

/**
 * How long a request waits for the first snapshot before it is answered 503 SERVICE_UNAVAILABLE
 * with Retry-After (the build goes on): under the gateway's upstream timeout (5 s), so a caller
 * that reaches a replica still starting gets a retryable answer rather than a 504.
 */
export const FIRST_BUILD_WAIT_MS = 2_000;
/** Retry-After of that 503, in seconds. */
const FIRST_BUILD_RETRY_AFTER_S = 2;

/**
 * Keeps an in-memory snapshot of a collection (the catalog's read model, talent's directory) so no
 * request waits on a reload: built at start or by the first request, then a cheap change marker is
 * read off the request path once `maxAgeMs` has passed, and only a moved marker rebuilds, in the
 * background, while the old snapshot keeps serving. A failed rebuild keeps the last good snapshot,
 * so reads go on while the store is away. Concurrent loads and checks share one flight.
 *
 * The marker (counts and the newest `updatedAt`) sees every write the services make, since they
 * all set `updatedAt`; an edit made by hand in the database without it would go unseen, so a
 * check also rebuilds once the snapshot is `rebuildEveryMs` old (default 10 minutes): such an
 * edit shows within that bound.
 */
export function createSnapshotKeeper<S extends MarkedSnapshot>(options: {
  name: string;
  readMarker: () => Promise<ChangeMarker>;
  /** Builds a snapshot at `marker`; `previous`, the one it will replace (serving meanwhile), may lend it what did not change. */
  build: (marker: ChangeMarker, previous: S | undefined) => Promise<S>;
  clock: Clock;
  maxAgeMs: number;
  rebuildEveryMs?: number;
  firstBuildWaitMs?: number;
  /**
   * Who builds the first snapshot. Lazy (the default: tests, an app built without main.ts): the
   * first reader. Not lazy (main.ts): the owner's first refresh(), once the store is set up
   * (indexes, seed); until then readers wait for it (at most firstBuildWaitMs) and checks do
   * nothing, so no snapshot is built from a store not set up yet, and hasSnapshot(), which
   * readiness reports, means the data is in.
   */
  lazy?: boolean;
  /**
   * Runs a full collection once the first snapshot is built, before it serves (main.ts): the
   * first build reads every document, and the memory its garbage and the driver's buffers took
   * goes back to the system then, not at some later tick, while no request waits on it.
   */
  collectAfterFirstBuild?: boolean;
  /**
   * Runs a full collection before each rebuild and another a turn after the new snapshot serves
   * (main.ts; rebuildCollections). Without them a rebuild at 100k catalog services peaked at
   * 850-990 MB and up to 1,264 MB after a phase of serving: the build's releaser measures its
   * growth from the heap as last collected, which held what the serving since the last full
   * collection left (old garbage only a full collection frees), and the snapshot replaced stayed
   * in the old generation until the next rebuild, which then began from it (docs/scale.md,
   * "Rebuild peak").
   */
  collectAroundRebuilds?: boolean;
  logger: Logger;
}): SnapshotKeeper<S> {
  const { clock, maxAgeMs, logger } = options;
  const rebuildEveryMs = options.rebuildEveryMs ?? REBUILD_EVERY_MS;
  const firstBuildWaitMs = options.firstBuildWaitMs ?? FIRST_BUILD_WAIT_MS;
  // Whether a reader or a check may build: always when lazy, else once the owner asked for the first build.
  let mayBuild = options.lazy ?? true;
  const first = Promise.withResolvers<void>();
  let snapshot: S | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let builtAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  let checking: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const startedAt = clock.now();
      const rebuild = snapshot !== undefined && options.collectAroundRebuilds === true;
      if (rebuild) rebuildCollections.before();
      const firstAt = snapshot === undefined ? performance.now() : undefined;
      const built = await options.build(await options.readMarker(), snapshot);
      const doneAt = performance.now();
      if (!snapshot && options.collectAfterFirstBuild) Bun.gc(true);
      // The first build's share of a start-up (docs/scale.md, "Seventh pass"): when it began and
      // ended since the process started, and the full collection after it.
      if (firstAt !== undefined) {
        const ms = (t: number) => Math.round(t);
        logger.info(`${options.name}: first snapshot built`, { fromMs: ms(firstAt), builtMs: ms(doneAt), collectedMs: ms(performance.now()) });
      }
      snapshot = built;
      // A turn later, once nothing on this stack holds the old snapshot (requests still reading it keep it).
      if (rebuild) setImmediate(() => rebuildCollections.after());
      checkedAt = startedAt;
      builtAt = startedAt;
      first.resolve();
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  function check(): Promise<void> {
    if (!mayBuild) return Promise.resolve();
    checking ??= (async () => {
      checkedAt = clock.now();
      const marker = await options.readMarker();
      if (!snapshot || moved(marker, snapshot.marker) || clock.now() - builtAt >= rebuildEveryMs) await load();
    })()
      .catch((err) => logger.warn(`${options.name} refresh failed`, { error: String(err) }))
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  /** The first build, waited for at most `firstBuildWaitMs` (real time: it bounds a request's wait). */
  async function firstBuild(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooLong = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DomainError('SERVICE_UNAVAILABLE', `The ${options.name} is still being built; retry shortly`, FIRST_BUILD_RETRY_AFTER_S)),
        firstBuildWaitMs,
      );
    });
    try {
      await Promise.race([mayBuild ? load() : first.promise, tooLong]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async current() {
      if (!snapshot) await firstBuild();
      else if (clock.now() - checkedAt > maxAgeMs) void check();
      return snapshot as S;
    },
    check,
    refresh() {
      mayBuild = true;
      return load();
    },
    hasSnapshot: () => snapshot !== undefined,
    watch() {
      const timer = setInterval(() => void check(), Math.max(250, maxAgeMs));
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
