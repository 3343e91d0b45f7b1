import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createSeededApp } from '../testing.ts';
import { createRatingsClient } from './ratings.ts';
import { loadSeedProfiles } from './seed.ts';

const seed = loadSeedProfiles();
const pm = seed.find((p) => p.role === 'pm' && p.active && p.indexable);
const resource = seed.find((p) => p.role === 'resource' && p.active && p.indexable);
if (!pm || !resource) throw new Error('seed lacks a profile for this test');

// A stand-in for reviews' GET /internal/ratings/{kind}/{id}.
const reviews = { up: true, asked: [] as string[], rating: { count: 4, average: 4.8 } };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    reviews.asked.push(path);
    if (!reviews.up) return new Response('down', { status: 500 });
    return Response.json({ success: true, data: { rating: path === `/internal/ratings/pm/${pm._id}` ? reviews.rating : null } });
  },
});
afterAll(() => server.stop(true));

describe("the PM profile's verified rating from reviews", () => {
  it('carries verifiedRating {count, average} for a PM with published reviews, cached, and asks nothing for other roles', async () => {
    const clock = createManualClock(0);
    const ratings = createRatingsClient({ ttlMs: 30_000, baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 500, clock, logger: silentLogger });
    const { get } = await createSeededApp(createEmbeddedDocumentStore(), { ratings });
    reviews.asked.length = 0;
    const body = await (await get(`/pm/${pm.slug}/profile`)).json();
    expect(body.data.verifiedRating).toEqual({ count: 4, average: 4.8 });
    expect(typeof body.data.rating).toBe('number');
    await get(`/pm/${pm._id}/profile`);
    expect(reviews.asked).toEqual([`/internal/ratings/pm/${pm._id}`]);
    expect((await (await get(`/talent/${pm.slug}`)).json()).data.verifiedRating).toEqual({ count: 4, average: 4.8 });
    expect((await (await get(`/resource/${resource.slug}/profile`)).json()).data.verifiedRating).toBeUndefined();
    expect(reviews.asked).toHaveLength(1);
  });

  it('answers the profile without a verified rating while reviews is down or away', async () => {
    reviews.up = false;
    const down = createRatingsClient({
      ttlMs: 30_000,
      baseUrl: `http://127.0.0.1:${server.port}`,
      timeoutMs: 500,
      clock: createManualClock(0),
      logger: silentLogger,
    });
    const res = await (await createSeededApp(createEmbeddedDocumentStore(), { ratings: down })).get(`/pm/${pm.slug}/profile`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.verifiedRating).toBeUndefined();
    reviews.up = true;
    const away = createRatingsClient({ ttlMs: 30_000, baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, clock: createManualClock(0), logger: silentLogger });
    const again = await (await createSeededApp(createEmbeddedDocumentStore(), { ratings: away })).get(`/pm/${pm.slug}/profile`);
    expect(again.status).toBe(200);
    expect((await again.json()).data.slug).toBe(pm.slug);
  });
});
