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

/** Flights of one key in the air at once: a request that arrives during a flight leaves in the next one without waiting for it to land. */
const MAX_FLIGHTS = 2;

/**
 * Coalesces concurrent consumes of one key: a lone request is sent at once; requests that arrive
 * while a flight of that key is in the air go out together as one `consume(key, n)` (one atomic
 * INCRBY n in Redis) at the end of the current tick, as a second flight beside the first; while
 * two are in the air, later ones wait for one to land and then leave together. So a burst from one
 * client costs one round trip per flight instead of one per request, and a request waits for one
 * round trip of its own rather than the rest of the flight ahead of it and then its own (at 64
 * connections about 20 requests shared a call, and under load a Redis call over 1 ms was common).
 *
 * Every request waits for the answer of the flight that counts it and takes its own place in
 * the store's count (the batch's total minus the places after it): INCRBY answers the total it
 * made, so the places are exact whichever of two flights Redis runs first. Admissions are decided
 * on the shared count only. Answering ahead of the store from a replica's last known count is not
 * done at any margin: with R replicas each could admit up to the margin on its own before the
 * count reached it, and no margin is safe for every R (30 + 30 requests at two replicas were
 * once admitted 45 times against a quota of 25).
 */
export function coalesceConsumes(consumer: PointsConsumer): (key: string) => Promise<Counted> {
  /** Per key with a flight in the air: how many, the requests waiting for the next one, and whether it is already scheduled. */
  const keys = new Map<string, { flying: number; waiting: Waiter[]; scheduled: boolean }>();

  const send = (key: string, waiters: Waiter[]) => {
    const state = keys.get(key);
    if (state) state.flying++;
    else keys.set(key, { flying: 1, waiting: [], scheduled: false });
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
        const landed = keys.get(key);
        if (landed === undefined) return;
        landed.flying--;
        if (landed.waiting.length > 0 && !landed.scheduled) depart(key, landed);
        else if (landed.flying === 0 && !landed.scheduled) keys.delete(key);
      });
  };

  const depart = (key: string, state: { waiting: Waiter[] }) => {
    const batch = state.waiting;
    state.waiting = [];
    send(key, batch);
  };

  return (key) =>
    new Promise<Counted>((resolve, reject) => {
      const state = keys.get(key);
      if (state === undefined) {
        send(key, [{ resolve, reject }]);
        return;
      }
      state.waiting.push({ resolve, reject });
      if (state.scheduled || state.flying >= MAX_FLIGHTS) return;
      // The rest of this tick's requests for the key join this flight.
      state.scheduled = true;
      queueMicrotask(() => {
        state.scheduled = false;
        if (state.waiting.length > 0 && state.flying < MAX_FLIGHTS) depart(key, state);
        else if (state.flying === 0 && state.waiting.length === 0) keys.delete(key);
      });
    });
}
