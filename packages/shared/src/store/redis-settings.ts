import { read } from '../config.ts';

/** The Redis variables every service with a key-value store reads (docs/data-layer.md). */
export const REDIS_SETTINGS = {
  /** Standalone, Sentinel or Cluster form; unset: the embedded store. */
  REDIS_URL: read.optionalRedisUrl(),
  /** A command unanswered after this long fails, and the request answers 503. */
  REDIS_COMMAND_TIMEOUT_MS: read.int(2_000, { min: 50, max: 60_000 }),
};
