import { MAX_BATCH_BYTES } from '@tm/contracts';

/**
 * Routes whose bodies may exceed MAX_BODY_BYTES: a tracking batch may be 500 KB
 * (design/growth.md), and growth answers a larger one itself (400 INVALID_BATCH), so the gateway
 * lets a little over that through to it. Every other route keeps MAX_BODY_BYTES.
 */
const LARGER_BODIES: Readonly<Record<string, number>> = { '/api/track': MAX_BATCH_BYTES + 16 * 1024 };

/** The body cap of `path`: its own when it has a larger one, else `fallback` (MAX_BODY_BYTES). */
export function bodyLimitFor(path: string, fallback: number): number {
  const own = LARGER_BODIES[path];
  return own === undefined ? fallback : Math.max(own, fallback);
}
