import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '../core/index.ts';
import { createRatingsReader } from './ratings.ts';

// A stand-in for reviews' GET /internal/ratings/{kind}/{id}, whose answer and health the test sets.
const state = { rating: { count: 3, average: 4.3 } as { count: number; average: number } | null, down: false, calls: 0 };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    state.calls++;
    if (state.down) return new Response('oops', { status: 500 });
    if (new URL(req.url).pathname === '/internal/ratings/service/svc-1') return Response.json({ success: true, data: { rating: state.rating } });
    return Response.json({ success: true, data: { rating: null } });
  },
});
afterAll(() => server.stop(true));

describe('the ratings reader', () => {
  it('answers the rating, reuses it for the cache time, then reads again', async () => {
    const clock = createManualClock(0);
    const reader = createRatingsReader({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, clock, logger: silentLogger });
    state.calls = 0;
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 3, average: 4.3 });
    state.rating = { count: 4, average: 4.5 };
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 3, average: 4.3 });
    expect(state.calls).toBe(1);
    clock.advance(30_001);
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 4, average: 4.5 });
    expect(await reader.ratingOf('pm', 'nobody')).toBeUndefined();
  });

  it('degrades to the last answer, or none, when reviews fails or is away, never throwing', async () => {
    const clock = createManualClock(0);
    const reader = createRatingsReader({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, clock, logger: silentLogger });
    state.down = false;
    state.rating = { count: 1, average: 5 };
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 1, average: 5 });
    state.down = true;
    clock.advance(60_000);
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 1, average: 5 });
    expect(await reader.ratingOf('pm', 'p1')).toBeUndefined();
    state.down = false;
    const away = createRatingsReader({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, clock, logger: silentLogger });
    expect(await away.ratingOf('service', 'svc-1')).toBeUndefined();
  });

  it('asks nothing for any subject while reviews is failing, then tries again after the failure time', async () => {
    const clock = createManualClock(0);
    const reader = createRatingsReader({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, clock, logger: silentLogger });
    state.down = true;
    state.calls = 0;
    expect(await reader.ratingOf('service', 'svc-1')).toBeUndefined();
    for (const id of ['a', 'b', 'c']) expect(await reader.ratingOf('pm', id)).toBeUndefined();
    expect(state.calls).toBe(1);
    state.down = false;
    state.rating = { count: 2, average: 3.5 };
    clock.advance(5_001);
    expect(await reader.ratingOf('service', 'svc-1')).toEqual({ count: 2, average: 3.5 });
    expect(state.calls).toBe(2);
  });
});
