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

interface Waiter {
  resolve(counted: Counted): void;
  reject(error: unknown): void;
}

/**
 * Coalesces concurrent consumes of one key: while a call for a key is in flight, later requests
 * for that key wait and then go out together as one `consume(key, n)` (one atomic INCRBY n in
 * Redis). Each request still gets its exact place in the count, as if they had been sent one by
 * one, so limits and headers are unchanged; a burst from one client or one token costs one
 * Redis round trip per flight instead of one per request. A lone request is sent at once.
 */
export function coalesceConsumes(consumer: PointsConsumer): (key: string) => Promise<Counted> {
  const waiting = new Map<string, Waiter[]>();
  const inFlight = new Set<string>();

  const send = (key: string, waiters: Waiter[]) => {
    const settle = (res: RateLimiterRes) => {
      const first = res.consumedPoints - waiters.length;
      for (let i = 0; i < waiters.length; i++) waiters[i]?.resolve({ consumed: first + i + 1, msBeforeNext: res.msBeforeNext });
    };
    consumer
      .consume(key, waiters.length)
      // rate-limiter-flexible rejects with a RateLimiterRes when the points run out: a count, not a failure.
      .then(settle, (err: unknown) => (err instanceof RateLimiterRes ? settle(err) : waiters.forEach((w) => w.reject(err))))
      .finally(() => {
        const next = waiting.get(key);
        if (next === undefined) {
          inFlight.delete(key);
          return;
        }
        waiting.delete(key);
        send(key, next);
      });
  };

  return (key) =>
    new Promise<Counted>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!inFlight.has(key)) {
        inFlight.add(key);
        send(key, [waiter]);
        return;
      }
      const queue = waiting.get(key);
      if (queue) queue.push(waiter);
      else waiting.set(key, [waiter]);
    });
}
