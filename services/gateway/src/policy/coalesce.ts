import { RateLimiterRes } from 'rate-limiter-flexible';

/** One request's share of a counted batch: its own position in the window's count. */
export interface Counted {
  /** Points consumed in the window up to and including this request. */
  consumed: number;
  msBeforeNext: number;
}

/** What is coalesced: rate-limiter-flexible's consume(key, points). */
export interface PointsConsumer {
  consume(key: string, points?: number): Promise<RateLimiterRes>;
}

export interface CoalesceOptions {
  /**
   * The bucket's quota. With it, a request for a key whose count is known to be well below the
   * quota is answered at once and counted in the next flight (see below); without it every
   * request waits for the flight that counts it.
   */
  limit?: number;
  now?: () => number;
}

interface Waiter {
  resolve(counted: Counted): void;
  reject(error: unknown): void;
}

/** A key with a flight to the store in progress. */
interface Busy {
  /** Requests waiting for the next flight's answer. */
  waiters: Waiter[];
  /** Requests already answered that the next flight must still count. */
  early: number;
  /** Points sent or queued that no answer has included yet. */
  unconfirmed: number;
  /** The count as of the last answer, and when its window ends. */
  known?: { consumed: number; resetAt: number };
}

/**
 * Coalesces concurrent consumes of one key: while a call for a key is in flight, later requests
 * for that key go out together as one `consume(key, n)` (one atomic INCRBY n in Redis), so a
 * burst from one client costs one round trip per flight instead of one per request, and every
 * request is still counted in the shared store.
 *
 * With `limit`, a request for a busy key whose last known count plus the points not yet
 * confirmed stays below the quota by a margin (a tenth of it) is answered at once from that
 * count, instead of waiting a round trip it cannot change the outcome of; near the quota every
 * request waits for its exact place, so refusals are decided on the store's count. Under one
 * replica the reported counts are exact; with several, other replicas' hits in the last round
 * trip are missing from RateLimit-Remaining, which is no worse than any read of a shared count.
 */
export function coalesceConsumes(consumer: PointsConsumer, options: CoalesceOptions = {}): (key: string) => Promise<Counted> {
  const { limit } = options;
  const now = options.now ?? Date.now;
  const margin = limit === undefined ? 0 : Math.max(1, Math.ceil(limit / 10));
  const busy = new Map<string, Busy>();

  const send = (key: string, state: Busy) => {
    const waiters = state.waiters;
    const early = state.early;
    const points = waiters.length + early;
    state.waiters = [];
    state.early = 0;
    const settle = (res: RateLimiterRes) => {
      state.unconfirmed -= points;
      state.known = { consumed: res.consumedPoints, resetAt: now() + res.msBeforeNext };
      // The early requests were answered already; the waiters take the places after them.
      const first = res.consumedPoints - waiters.length;
      for (let i = 0; i < waiters.length; i++) waiters[i]?.resolve({ consumed: first + i + 1, msBeforeNext: res.msBeforeNext });
    };
    consumer
      .consume(key, points)
      // rate-limiter-flexible rejects with a RateLimiterRes when the points run out: a count, not a failure.
      .then(settle, (err: unknown) => {
        if (err instanceof RateLimiterRes) return settle(err);
        state.unconfirmed -= points;
        state.known = undefined;
        for (const w of waiters) w.reject(err);
      })
      .finally(() => {
        if (state.waiters.length === 0 && state.early === 0) busy.delete(key);
        else send(key, state);
      });
  };

  return (key) =>
    new Promise<Counted>((resolve, reject) => {
      let state = busy.get(key);
      if (state === undefined) {
        state = { waiters: [{ resolve, reject }], early: 0, unconfirmed: 1 };
        busy.set(key, state);
        send(key, state);
        return;
      }
      state.unconfirmed++;
      const known = state.known;
      if (limit !== undefined && known !== undefined && known.resetAt > now() && known.consumed + state.unconfirmed <= limit - margin) {
        state.early++;
        resolve({ consumed: known.consumed + state.unconfirmed, msBeforeNext: known.resetAt - now() });
        return;
      }
      state.waiters.push({ resolve, reject });
    });
}
