import { type Reader, read, redactCredentials } from '../core/config.ts';
import { checkRedisUrl } from './redis-url.ts';

/** Reads REDIS_URL in its standalone, Sentinel or Cluster form (redis-url.ts); undefined when unset. */
export const optionalRedisUrl =
  (): Reader<string | undefined> =>
  (raw): string | undefined => {
    if (raw === undefined) return undefined;
    try {
      return checkRedisUrl(raw);
    } catch (err) {
      throw new Error(`${(err as Error).message}, got "${redactCredentials(raw)}"`);
    }
  };

/** The Redis variables every service with a key-value store reads (docs/data-layer.md). */
export const REDIS_SETTINGS = {
  /** Standalone, Sentinel or Cluster form; unset: the embedded store. */
  REDIS_URL: optionalRedisUrl(),
  /** A command unanswered after this long fails, and the request answers 503. */
  REDIS_COMMAND_TIMEOUT_MS: read.int(2_000, { min: 50, max: 60_000 }),
};

/** What `openStores` needs to reach Redis: the URL, this service's key prefix and the command timeout. */
export interface RedisSettings {
  url: string;
  prefix: string;
  commandTimeoutMs: number;
}
