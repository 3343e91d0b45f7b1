import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { createRatingsBook } from '@tm/shared/client/ratings';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createSeededApp } from '../testing.ts';
import { createRatingsClient } from './ratings.ts';
import { loadSeedProfiles } from './seed.ts';

const seed = loadSeedProfiles();
const pms = seed.filter((p) => p.role === 'pm' && p.active && p.indexable);
const pm = pms[0];
const resource = seed.find((p) => p.role === 'resource' && p.active && p.indexable);
if (!pm || !resource || pms.length < 3) throw new Error('seed lacks the profiles for this test');
/** The PM the listed figures put last among the PMs: reviews' rating alone can move them first. */
const underdog = [...pms].sort((a, b) => a.rating - b.rating)[0] as (typeof pms)[number];

// A stand-in for reviews: GET /internal/ratings/{kind}/{id} and the ratings index.
const reviews = { up: true, hang: false, hung: [] as (() => void)[], asked: [] as string[], rating: { count: 4, average: 4.8 } };
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname;
    reviews.asked.push(path);
    if (!reviews.up) return new Response('down', { status: 500 });
    if (reviews.hang) return new Promise<Response>((resolve) => reviews.hung.push(() => resolve(new Response('late', { status: 503 }))));
    if (path === '/internal/ratings-index.ndjson') {
      const body = `${JSON.stringify({ kind: 'pm', id: underdog._id, count: 12, average: 4.9, bayesian: 4.6 })}\n${JSON.stringify({ end: true, count: 1 })}\n`;
      return new Response(body, { headers: { etag: '"r1"', 'content-type': 'application/x-ndjson' } });
    }
    return Response.json({ success: true, data: { rating: path === `/internal/ratings/pm/${pm._id}` ? reviews.rating : null } });
  },
});
afterAll(() => server.stop(true));
const base = () => `http://127.0.0.1:${server.port}`;

describe("the PM profile's rating from reviews", () => {
  it('carries rating {count, average} for a PM with published reviews, cached, the listed figures under their own names, and asks nothing for other roles', async () => {
    const clock = createManualClock(0);
    const ratings = createRatingsClient({ ttlMs: 30_000, baseUrl: base(), timeoutMs: 500, clock, logger: silentLogger });
    const { get } = await createSeededApp(createEmbeddedDocumentStore(), { ratings });
    reviews.asked.length = 0;
    const body = await (await get(`/pm/${pm.slug}/profile`)).json();
    expect(body.data.rating).toEqual({ count: 4, average: 4.8 });
    expect(body.data).toMatchObject({ listedRating: Math.round(pm.rating * 10) / 10, listedReviewCount: pm.reviewCount });
    expect(body.data.verifiedRating).toBeUndefined();
    await get(`/pm/${pm._id}/profile`);
    expect(reviews.asked).toEqual([`/internal/ratings/pm/${pm._id}`]);
    expect((await (await get(`/talent/${pm.slug}`)).json()).data.rating).toEqual({ count: 4, average: 4.8 });
    const other = (await (await get(`/resource/${resource.slug}/profile`)).json()).data;
    expect(other.rating).toBeUndefined();
    expect(typeof other.listedRating).toBe('number');
    expect(reviews.asked).toHaveLength(1);
  });

  it('answers the profile without a rating while reviews is down or away', async () => {
    reviews.up = false;
    const down = createRatingsClient({ ttlMs: 30_000, baseUrl: base(), timeoutMs: 500, clock: createManualClock(0), logger: silentLogger });
    const res = await (await createSeededApp(createEmbeddedDocumentStore(), { ratings: down })).get(`/pm/${pm.slug}/profile`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.rating).toBeUndefined();
    reviews.up = true;
    const away = createRatingsClient({ ttlMs: 30_000, baseUrl: 'http://127.0.0.1:9', timeoutMs: 200, clock: createManualClock(0), logger: silentLogger });
    const again = await (await createSeededApp(createEmbeddedDocumentStore(), { ratings: away })).get(`/pm/${pm.slug}/profile`);
    expect(again.status).toBe(200);
    expect((await again.json()).data.rating).toBeUndefined();
  });
});

describe("talent's order: reviews' Bayesian rating, then availability", () => {
  const book = (clock = createManualClock(0), timeoutMs = 500) =>
    createRatingsBook({
      client: createServiceClient({ service: 'reviews', baseUrl: base(), timeoutMs, logger: silentLogger }),
      timeoutMs,
      clock,
      keepWhileAwayMs: 60_000,
    });
  const pmSlugs = async (get: (p: string) => Promise<Response>, query = 'role=pm&limit=100') =>
    ((await (await get(`/talent?${query}`)).json()).data as { slug: string }[]).map((p) => p.slug);

  it('puts the PM reviews rate best first, whatever the listed figures; with reviews down the order falls back to availability, never an error', async () => {
    reviews.up = true;
    const clock = createManualClock(0);
    const ratingsBook = book(clock);
    const { get, directory } = await createSeededApp(createEmbeddedDocumentStore(), { ratingsBook });
    expect((await pmSlugs(get))[0]).toBe(underdog.slug);
    const listed = (await (await get('/talent?role=pm&limit=2')).json()).data as { slug: string; rating?: unknown }[];
    expect(listed.map((p) => p.rating)).toEqual([{ count: 12, average: 4.9 }, undefined]);
    // Free text: relevance first, then the same order among equally relevant people.
    expect((await pmSlugs(get, 'search=project%20manager&limit=100'))[0]).toBe(underdog.slug);

    // A blip: the last good ratings are kept, so the order holds.
    reviews.up = false;
    await directory.refresh();
    expect((await pmSlugs(get))[0]).toBe(underdog.slug);
    // Away past the window: no ratings, availability orders.
    clock.advance(60_000);
    await directory.refresh();
    const fallback = await pmSlugs(get);
    expect(fallback.length).toBe(pms.length);
    const rank = { available: 0, limited: 1, unavailable: 2 } as const;
    const statusOf = new Map(pms.map((p) => [p.slug, rank[p.availability.status]]));
    const statuses = fallback.map((s) => statusOf.get(s) as number);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(fallback[0]).not.toBe(underdog.slug);
    expect(((await (await get('/talent?role=pm&limit=100')).json()).data as { rating?: unknown }[]).every((p) => p.rating === undefined)).toBe(true);
    expect(ratingsBook.version).toBe('');
    reviews.up = true;
  });

  it('does not hold a rebuild on a hung reviews: each marker read waits ratingsWaitMs at most, and asks again by joining the one open question', async () => {
    reviews.up = true;
    // The client would wait a minute: only the directory's own bound (ratingsWaitMs) lets the check end.
    const { get, directory } = await createSeededApp(createEmbeddedDocumentStore(), { ratingsBook: book(createManualClock(0), 60_000), ratingsWaitMs: 20 });
    const before = await pmSlugs(get);
    reviews.hang = true;
    try {
      await directory.refresh();
      await directory.refresh();
      expect(await pmSlugs(get)).toEqual(before);
      // One question asked of reviews for both refreshes: the second joined the open one.
      expect(reviews.hung).toHaveLength(1);
    } finally {
      reviews.hang = false;
      for (const answer of reviews.hung.splice(0)) answer();
    }
  });
});
