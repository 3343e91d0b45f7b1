import { describe, expect, it } from 'bun:test';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { coalesceConsumes, type PointsConsumer } from './coalesce.ts';

/** A consumer that records each call and answers only when the test releases it. */
function gatedConsumer(points: number) {
  const counts = new Map<string, number>();
  const calls: { key: string; points: number }[] = [];
  const gates: (() => void)[] = [];
  const consumer: PointsConsumer = {
    consume(key, n = 1) {
      calls.push({ key, points: n });
      return new Promise((resolve, reject) => {
        gates.push(() => {
          const consumed = (counts.get(key) ?? 0) + n;
          counts.set(key, consumed);
          const res = new RateLimiterRes(Math.max(0, points - consumed), 30_000, consumed, consumed === n);
          if (consumed > points) reject(res);
          else resolve(res);
        });
      });
    },
  };
  const releaseAll = async () => {
    while (gates.length > 0) {
      gates.shift()?.();
      await Bun.sleep(0);
    }
  };
  const releaseOne = async () => {
    gates.shift()?.();
    await Bun.sleep(0);
  };
  return { consumer, calls, releaseAll, releaseOne };
}

describe('coalesceConsumes', () => {
  it('sends a lone request at once with one point', async () => {
    const { consumer, calls, releaseAll } = gatedConsumer(10);
    const counted = coalesceConsumes(consumer)('k');
    expect(calls).toEqual([{ key: 'k', points: 1 }]);
    await releaseAll();
    expect(await counted).toEqual({ consumed: 1, msBeforeNext: 30_000 });
  });

  it('sends requests that arrive during a flight as one batch, each with its own place in the count', async () => {
    const { consumer, calls, releaseAll } = gatedConsumer(10);
    const consume = coalesceConsumes(consumer);
    const all = Promise.all([consume('k'), consume('k'), consume('k'), consume('k')]);
    await releaseAll();
    expect(calls).toEqual([
      { key: 'k', points: 1 },
      { key: 'k', points: 3 },
    ]);
    expect((await all).map((c) => c.consumed)).toEqual([1, 2, 3, 4]);
  });

  it('sends the next batch beside a flight in the air (two at most), each request waiting only for its own', async () => {
    const { consumer, calls, releaseAll, releaseOne } = gatedConsumer(100);
    const consume = coalesceConsumes(consumer);
    const first = consume('k');
    const second = [consume('k'), consume('k')];
    await Bun.sleep(0);
    // The second batch left while the first is still in the air.
    expect(calls.map((c) => c.points)).toEqual([1, 2]);
    const third = [consume('k'), consume('k'), consume('k')];
    await Bun.sleep(0);
    // Two in the air: the third batch waits for one of them to land.
    expect(calls.map((c) => c.points)).toEqual([1, 2]);
    await releaseOne();
    expect(calls.map((c) => c.points)).toEqual([1, 2, 3]);
    expect((await first).consumed).toBe(1);
    await releaseAll();
    expect((await Promise.all(second)).map((c) => c.consumed)).toEqual([2, 3]);
    expect((await Promise.all(third)).map((c) => c.consumed)).toEqual([4, 5, 6]);
  });

  it('gives exact places when Redis runs the later flight first', async () => {
    let count = 0;
    const pending: (() => void)[] = [];
    const lastFirst: PointsConsumer = {
      consume: (_key, n = 1) =>
        new Promise((resolve) => {
          pending.push(() => {
            count += n;
            resolve(new RateLimiterRes(100 - count, 30_000, count, count === n));
          });
        }),
    };
    const consume = coalesceConsumes(lastFirst);
    const first = consume('k');
    const second = [consume('k'), consume('k')];
    await Bun.sleep(0);
    expect(pending).toHaveLength(2);
    // The second flight (2 points) is counted first: its requests hold places 1-2, the first's is 3.
    pending.pop()?.();
    pending.pop()?.();
    expect((await Promise.all(second)).map((c) => c.consumed)).toEqual([1, 2]);
    expect((await first).consumed).toBe(3);
  });

  it('keeps keys apart', async () => {
    const { consumer, calls, releaseAll } = gatedConsumer(10);
    const consume = coalesceConsumes(consumer);
    const all = Promise.all([consume('a'), consume('b'), consume('a')]);
    await releaseAll();
    expect(calls.map((c) => c.key).sort()).toEqual(['a', 'a', 'b']);
    expect((await all).map((c) => c.consumed)).toEqual([1, 1, 2]);
  });

  it('reports counts past the limit as counts (the caller refuses them), not errors', async () => {
    const { consumer, releaseAll } = gatedConsumer(2);
    const consume = coalesceConsumes(consumer);
    const all = Promise.all([consume('k'), consume('k'), consume('k'), consume('k')]);
    await releaseAll();
    expect((await all).map((c) => c.consumed)).toEqual([1, 2, 3, 4]);
  });

  it('passes a store failure on to every waiter of that batch', async () => {
    const failing: PointsConsumer = { consume: () => Promise.reject(new Error('store down')) };
    const consume = coalesceConsumes(failing);
    const results = await Promise.allSettled([consume('k'), consume('k')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });

  it('counts exactly against rate-limiter-flexible under a burst', async () => {
    const consume = coalesceConsumes(new RateLimiterMemory({ points: 50, duration: 60 }));
    const counted = await Promise.all(Array.from({ length: 60 }, () => consume('burst')));
    expect(counted.map((c) => c.consumed).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('answers no request ahead of the store: one queued behind a flight waits for the flight that counts it', async () => {
    const { consumer, calls, releaseAll, releaseOne } = gatedConsumer(100);
    const consume = coalesceConsumes(consumer);
    const first = consume('k');
    const queued = [consume('k'), consume('k')];
    await releaseOne();
    let late: { consumed: number } | undefined;
    void consume('k').then((c) => {
      late = c;
    });
    await Bun.sleep(0);
    // The count is known (1) and far below the quota, yet the request is not answered from it.
    expect(late).toBeUndefined();
    await releaseAll();
    expect((await first).consumed).toBe(1);
    expect((await Promise.all(queued)).map((c) => c.consumed)).toEqual([2, 3]);
    expect(late?.consumed).toBe(4);
    expect(calls.map((c) => c.points)).toEqual([1, 2, 1]);
  });

  it('makes every request near the quota wait for the store, so refusals follow the exact count', async () => {
    const consume = coalesceConsumes(new RateLimiterMemory({ points: 50, duration: 60 }));
    const counted = await Promise.all(Array.from({ length: 60 }, () => consume('burst')));
    const refused = counted.filter((c) => c.consumed > 50);
    expect(refused).toHaveLength(10);
    // Every request was counted in the store.
    const after = await consume('burst');
    expect(after.consumed).toBe(61);
  });
});
