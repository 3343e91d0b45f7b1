import type { Clock } from '@tm/shared';

/** A loader's answer: a value, or nothing when its source could not be read. */
export type LoadResult<T> = { ok: true; value: T } | { ok: false };

export interface CachedSourceOptions<T> {
  load: () => Promise<LoadResult<T>>;
  /** What to serve when the source never answered yet. */
  fallback: T;
  clock: Clock;
  /** How long a good value is served before the source is asked again. */
  ttlMs: number;
  /** How long to wait before asking a failing source again (keeps a dead service from being hammered). */
  retryMs: number;
}

/**
 * Serves a value read from a service for `ttlMs`, then reloads it. When the reload fails the last
 * good value stays (stale beats empty); with no good value yet, the fallback is served. Concurrent
 * callers share one load.
 */
export function createCachedSource<T>(options: CachedSourceOptions<T>): { get(): Promise<T> } {
  let value = options.fallback;
  let hasGood = false;
  let expiresAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<T> | undefined;

  async function reload(): Promise<T> {
    const result = await options.load().catch((): LoadResult<T> => ({ ok: false }));
    const now = options.clock.now();
    if (result.ok) {
      value = result.value;
      hasGood = true;
      expiresAt = now + options.ttlMs;
    } else {
      expiresAt = now + options.retryMs;
    }
    return hasGood ? value : options.fallback;
  }

  return {
    get() {
      if (options.clock.now() < expiresAt) return Promise.resolve(value);
      inFlight ??= reload().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
