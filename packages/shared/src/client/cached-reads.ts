import type { Static, TSchema } from '@sinclair/typebox';
import type { Clock } from '../core/clock.ts';
import type { ClientKit } from './options.ts';
import { createServiceClient } from './service-client.ts';

/** Reads of another service's small answers by path, cached; never an error. */
export interface CachedReads<T> {
  /** The answer's `data`, undefined for a 404, and the last answer (or undefined) while the service fails. */
  get(path: string, requestId?: string): Promise<T | undefined>;
}

export interface CachedReadsOptions<S extends TSchema> extends ClientKit {
  /** The called service's name (logs, metrics). */
  service: string;
  baseUrl: string;
  timeoutMs: number;
  clock: Clock;
  /** What the envelope's `data` must satisfy. */
  schema: S;
  /** How long an answer is reused. */
  ttlMs: number;
  /** After a failed call, how long the service is not asked at all, so its being away does not add a timeout to every request. */
  failureTtlMs?: number;
  /** Answers kept; the oldest go first. */
  maxEntries?: number;
}

/**
 * Enrichment reads over the shared service client (a page that shows another service's figure,
 * such as a rating): each path's answer is cached for `ttlMs`; a 404 is cached as "none". When the
 * service fails, the last answer is kept (stale beats nothing), and no path is asked again for
 * `failureTtlMs` (one try per period, logged once per outage), so callers degrade instead of waiting.
 */
export function createCachedReads<S extends TSchema>(options: CachedReadsOptions<S>): CachedReads<Static<S>> {
  const { clock, ttlMs, failureTtlMs = 5_000, maxEntries = 10_000 } = options;
  const client = createServiceClient(options);
  const cache = new Map<string, { value: Static<S> | undefined; until: number }>();
  const remember = (path: string, value: Static<S> | undefined) => {
    cache.delete(path);
    cache.set(path, { value, until: clock.now() + ttlMs });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };
  let downUntil = Number.NEGATIVE_INFINITY;
  let down = false;
  return {
    async get(path, requestId) {
      const hit = cache.get(path);
      const now = clock.now();
      if (hit && hit.until > now) return hit.value;
      if (now < downUntil) return hit?.value;
      const res = await client.call(path, { schema: options.schema, requestId });
      if (res.ok || res.status === 404) {
        down = false;
        const value = res.ok ? res.data : undefined;
        remember(path, value);
        return value;
      }
      if (!down) options.logger.warn(`${options.service} unavailable: answering without its reads for now`, { status: res.status, code: res.code });
      down = true;
      downUntil = clock.now() + failureTtlMs;
      return hit?.value;
    },
  };
}
