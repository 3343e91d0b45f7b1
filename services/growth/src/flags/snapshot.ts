import type { Clock, Logger } from '@tm/shared';
import { DomainError } from '@tm/shared';
import type { FlagDoc } from './model.ts';
import type { FlagRepository } from './repository.ts';

/**
 * The flags evaluation reads: loaded from the store, kept in memory and reloaded every
 * `refreshMs` (another replica's change shows within that) and at once after a change made here.
 * A reload that fails keeps the last good flags: evaluation runs on every page view and must not
 * fail with the database away. Only before the first load is there nothing to answer with (503).
 */
export function createFlagSnapshot(options: { repo: FlagRepository; clock: Clock; logger: Logger; refreshMs: number }) {
  let flags: ReadonlyMap<string, FlagDoc> | undefined;
  /** The loaded flags as JSON: a reload that finds them unchanged keeps the Map. */
  let loadedJson: string | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let failing = false;

  function load(): Promise<void> {
    return options.repo
      .all()
      .then((docs) => {
        // Unchanged flags keep their Map: it is the version the compiled flags and the bulk
        // answers (bulk-answers.ts) are kept by, so a refresh that finds no change drops nothing.
        const json = JSON.stringify(docs);
        if (json !== loadedJson) {
          flags = new Map(docs.map((d) => [d._id, d]));
          loadedJson = json;
        }
        loadedAt = options.clock.now();
        if (failing) options.logger.info('flags reloaded', { flags: docs.length });
        failing = false;
      })
      .catch((err: unknown) => {
        if (!failing) options.logger.warn('flags could not be reloaded; answering from the last loaded flags', { error: String(err) });
        failing = true;
        if (flags === undefined) throw new DomainError('SERVICE_UNAVAILABLE', 'Flags are not loaded yet; try again shortly', 5);
      });
  }

  /**
   * Loads the flags now. A load already running may have read them before the caller's change,
   * so then one more load follows it, shared by every caller that asks meanwhile: after a write,
   * reload() always ends with the write loaded.
   */
  function reload(): Promise<void> {
    if (loading === undefined) {
      loading = load().finally(() => {
        loading = undefined;
      });
      return loading;
    }
    queued ??= loading
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        queued = undefined;
        return reload();
      });
    return queued;
  }

  return {
    /** The flags to evaluate: the loaded ones (a reload starts in the background once they are older than refreshMs). */
    async current(): Promise<ReadonlyMap<string, FlagDoc>> {
      // A load already running does for these (only a write needs the load after it: reload()).
      if (flags === undefined) await (loading ?? reload());
      else if (loading === undefined && options.clock.now() - loadedAt >= options.refreshMs) void reload().catch(() => {});
      return flags as ReadonlyMap<string, FlagDoc>;
    },
    /** The loaded flags without waiting (the OpenFeature provider's synchronous view); empty before the first load. */
    loaded(): ReadonlyMap<string, FlagDoc> {
      return flags ?? new Map();
    },
    /** Reloads now (after a change made through this process). */
    reload,
  };
}

export type FlagSnapshot = ReturnType<typeof createFlagSnapshot>;
