import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger, stableId } from '@tm/shared';
import { createRatingsClient } from '../reviews/ratings.ts';
import { createTestCatalog } from '../test-support.ts';

// A stand-in for reviews' GET /internal/ratings/{kind}/{id}.
const reviews = { up: true, asked: [] as string[], rating: { count: 2, average: 4.5 } };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    reviews.asked.push(path);
    if (!reviews.up) return new Response('down', { status: 503 });
    const rating = path === `/internal/ratings/service/${stableId('service', 'mvp-build')}` ? reviews.rating : null;
    return Response.json({ success: true, data: { rating } });
  },
});
afterAll(() => server.stop(true));

describe("the service detail's rating from reviews", () => {
  it('carries rating {count, average} once the service has a published review, none before, cached for 30 s', async () => {
    const clock = createManualClock(0);
    const ratings = createRatingsClient({ ttlMs: 30_000, baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, clock, logger: silentLogger });
    const { json } = await createTestCatalog({ ratings });
    reviews.asked.length = 0;
    expect((await json('/services/mvp-build')).body.data.rating).toEqual({ count: 2, average: 4.5 });
    expect((await json('/services/react-developer')).body.data.rating).toBeUndefined();
    reviews.rating = { count: 3, average: 4.7 };
    expect((await json('/services/mvp-build')).body.data.rating).toEqual({ count: 2, average: 4.5 });
    expect(reviews.asked).toHaveLength(2);
    clock.advance(30_001);
    expect((await json('/services/mvp-build')).body.data.rating).toEqual({ count: 3, average: 4.7 });
    // The list carries no rating (detail only).
    expect((await json('/services?limit=100')).body.data.some((s: { rating?: unknown }) => s.rating !== undefined)).toBe(false);
  });

  it('answers 200 without a rating while reviews is down or away, never an error', async () => {
    reviews.up = false;
    const down = createRatingsClient({
      ttlMs: 30_000,
      baseUrl: `http://127.0.0.1:${server.port}`,
      timeoutMs: 500,
      clock: createManualClock(0),
      logger: silentLogger,
    });
    const first = await (await createTestCatalog({ ratings: down })).json('/services/mvp-build');
    expect(first.res.status).toBe(200);
    expect(first.body.data.rating).toBeUndefined();
    reviews.up = true;
    const away = createRatingsClient({ ttlMs: 30_000, baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, clock: createManualClock(0), logger: silentLogger });
    const second = await (await createTestCatalog({ ratings: away })).json('/services/mvp-build');
    expect(second.res.status).toBe(200);
    expect(second.body.data.slug).toBe('mvp-build');
    expect(second.body.data.rating).toBeUndefined();
  });
});
