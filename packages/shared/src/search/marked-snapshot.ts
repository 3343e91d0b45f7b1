import type { Clock } from '../core/clock.ts';
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
  /** The snapshot, built now if there is none yet; a stale one is re-checked in the background. */
  current(): Promise<S>;
  /** Reads the marker now and rebuilds when it moved (never throws; a failure is logged). */
  check(): Promise<void>;
  /** Rebuilds from the store now (start-up, tests, after seeding). */
  refresh(): Promise<void>;
  hasSnapshot(): boolean;
  /** Checks for changes every `maxAgeMs` on a timer (main.ts); returns the stop function. */
  watch(): () => void;
}

const moved = (a: ChangeMarker, b: ChangeMarker) => a.total !== b.total || a.active !== b.active || a.latest !== b.latest;

/** How long a snapshot may serve without a full rebuild when its marker never moves. */
export const REBUILD_EVERY_MS = 10 * 60_000;

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
  build: (marker: ChangeMarker) => Promise<S>;
  clock: Clock;
  maxAgeMs: number;
  rebuildEveryMs?: number;
  logger: Logger;
}): SnapshotKeeper<S> {
  const { clock, maxAgeMs, logger } = options;
  const rebuildEveryMs = options.rebuildEveryMs ?? REBUILD_EVERY_MS;
  let snapshot: S | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let builtAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;
  let checking: Promise<void> | undefined;

  function load(): Promise<void> {
    loading ??= (async () => {
      const startedAt = clock.now();
      snapshot = await options.build(await options.readMarker());
      checkedAt = startedAt;
      builtAt = startedAt;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  function check(): Promise<void> {
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

  return {
    async current() {
      if (!snapshot) await load();
      else if (clock.now() - checkedAt > maxAgeMs) void check();
      return snapshot as S;
    },
    check,
    refresh: load,
    hasSnapshot: () => snapshot !== undefined,
    watch() {
      const timer = setInterval(() => void check(), Math.max(250, maxAgeMs));
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
