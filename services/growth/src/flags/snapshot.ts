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
  let loadedAt = 0;
  let loading: Promise<void> | undefined;
  let failing = false;

  function reload(): Promise<void> {
    loading ??= options.repo
      .all()
      .then((docs) => {
        flags = new Map(docs.map((d) => [d._id, d]));
        loadedAt = options.clock.now();
        if (failing) options.logger.info('flags reloaded', { flags: docs.length });
        failing = false;
      })
      .catch((err: unknown) => {
        if (!failing) options.logger.warn('flags could not be reloaded; answering from the last loaded flags', { error: String(err) });
        failing = true;
        if (flags === undefined) throw new DomainError('SERVICE_UNAVAILABLE', 'Flags are not loaded yet; try again shortly', 5);
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  return {
    /** The flags to evaluate: the loaded ones (a reload starts in the background once they are older than refreshMs). */
    async current(): Promise<ReadonlyMap<string, FlagDoc>> {
      if (flags === undefined) await reload();
      else if (options.clock.now() - loadedAt >= options.refreshMs) void reload().catch(() => {});
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
