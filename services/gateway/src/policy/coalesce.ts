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
 * for that key go out together as one `consume(key, n)` (one atomic INCRBY n in Redis), so a
 * burst from one client costs one round trip per flight instead of one per request.
 *
 * Every request waits for the answer of the flight that counts it and takes its own place in
 * the store's count (the batch's total minus the places after it), so admissions are decided on
 * the shared count only. Answering ahead of the store from a replica's last known count is not
 * done at any margin: with R replicas each could admit up to the margin on its own before the
 * count reached it, and no margin is safe for every R (30 + 30 requests at two replicas were
 * once admitted 45 times against a quota of 25).
 */
export function coalesceConsumes(consumer: PointsConsumer): (key: string) => Promise<Counted> {
  const busy = new Map<string, Waiter[]>();

  const send = (key: string, waiters: Waiter[]) => {
    const settle = (res: RateLimiterRes) => {
      // The store's count includes this batch; the waiters take its last `length` places in order.
      const first = res.consumedPoints - waiters.length;
      for (let i = 0; i < waiters.length; i++) waiters[i]?.resolve({ consumed: first + i + 1, msBeforeNext: res.msBeforeNext });
    };
    consumer
      .consume(key, waiters.length)
      // rate-limiter-flexible rejects with a RateLimiterRes when the points run out: a count, not a failure.
      .then(settle, (err: unknown) => {
        if (err instanceof RateLimiterRes) return settle(err);
        for (const w of waiters) w.reject(err);
      })
      .finally(() => {
        const next = busy.get(key);
        if (next === undefined || next.length === 0) busy.delete(key);
        else {
          busy.set(key, []);
          send(key, next);
        }
      });
  };

  return (key) =>
    new Promise<Counted>((resolve, reject) => {
      const queued = busy.get(key);
      if (queued !== undefined) {
        queued.push({ resolve, reject });
        return;
      }
      busy.set(key, []);
      send(key, [{ resolve, reject }]);
    });
}
