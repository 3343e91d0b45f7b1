import { DomainError } from '../core/errors.ts';

/** Seconds a client is told to wait (Retry-After) while a store is away. */
export const STORE_RETRY_AFTER_S = 5;

/**
 * A store (MongoDB, Redis) that cannot be reached or did not answer in time. The adapters throw
 * it in place of the client library's error, so every path answers 503 SERVICE_UNAVAILABLE in
 * the envelope (never a 500) and the caller knows a retry can succeed.
 */
export class StoreUnavailableError extends DomainError {
  constructor(
    readonly store: 'mongodb' | 'redis',
    override readonly cause: unknown,
  ) {
    super('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly', STORE_RETRY_AFTER_S);
  }
}

/** Redis server replies that mean "not now" rather than "wrong command". */
const UNAVAILABLE_REPLIES = /^(CLUSTERDOWN|LOADING|READONLY|MASTERDOWN|TRYAGAIN|NOREPLICAS|BUSY)\b/;

/**
 * True when an ioredis error means Redis is unreachable or too slow: connection closed, the
 * retry limit, a command timeout, the offline queue off, a cluster without a usable node. A
 * ReplyError (the server answered) is a fault of the command, except the replies above.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'ReplyError') return UNAVAILABLE_REPLIES.test(err.message);
  return true;
}
