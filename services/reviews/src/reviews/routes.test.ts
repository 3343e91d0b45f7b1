import { beforeEach, describe, expect, it } from 'bun:test';
import type { BookingFacts } from '@tm/contracts';
import { createReviewsUnderTest, type ReviewsUnderTest } from '../testing.ts';

const DAY = 86_400_000;
let t: ReviewsUnderTest;
let customer: { sub: string; token: string };
let pm: { sub: string; token: string };
let admin: { sub: string; token: string };

/** A booking completed `daysAgo` days ago by `customer`, assigned to `pm`'s profile pm-profile-1. */
const booking = (over: Partial<BookingFacts> = {}, daysAgo = 1): string => t.completedBooking(customer.sub, over, daysAgo);
const text = 'Clear plans, weekly updates and the launch landed on the agreed day.';
const write = (token: string, bookingId: string, rating = 5, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/reviews', { token, body: { bookingId, rating, text, ...extra } });

beforeEach(async () => {
  t = await createReviewsUnderTest();
  customer = await t.tokenFor('customer', 'cust-1');
  pm = await t.tokenFor('pm', 'pm-acct-1', 'pm-profile-1');
  admin = await t.tokenFor('admin');
  t.names.set('cust-1', 'Ada Lovelace');
});

describe('writing reviews', () => {
  it("takes the customer's review as pending, hidden from the PM and the public until the PM writes; then both publish together", async () => {
    const b = booking();
    const mine = await write(customer.token, b, 4, { ratings: { communication: 5, quality: 4, timeliness: 3 }, lang: 'en' });
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({
      bookingId: b,
      authorRole: 'customer',
      rating: 4,
      status: 'pending',
      ratings: { communication: 5, quality: 4, timeliness: 3 },
    });
    const id = mine.body.data.id;
    expect((await t.call('GET', `/reviews/${id}`, { token: customer.token })).status).toBe(200);
    expect((await t.call('GET', `/reviews/${id}`, { token: pm.token })).body.error.code).toBe('REVIEW_NOT_FOUND');
    expect((await t.call('GET', `/reviews/${id}`)).status).toBe(404);
    expect((await t.call('GET', '/reviews?serviceId=svc-1')).body.data).toEqual([]);
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data.count).toBe(0);

    const theirs = await write(pm.token, b, 5);
    expect(theirs.body.data).toMatchObject({ authorRole: 'pm', status: 'published' });
    expect((await t.call('GET', `/reviews/${id}`, { token: pm.token })).body.data.status).toBe('published');
    const list = await t.call('GET', '/reviews?serviceId=svc-1');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body.data).toEqual([
      {
        id,
        author: 'Ada L.',
        rating: 4,
        ratings: { communication: 5, quality: 4, timeliness: 3 },
        text,
        lang: 'en',
        publishedAt: expect.any(String),
        verified: true,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('cust-1');
    const summary = (await t.call('GET', '/reviews/summary?pmId=pm-profile-1')).body.data;
    expect(summary).toEqual({ count: 1, average: 4, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 }, bayesian: 4 });
  });

  it("shows the PM's review of the customer to that customer and admins only", async () => {
    const b = booking();
    const pmReview = (await write(pm.token, b, 3)).body.data.id;
    await write(customer.token, b, 5);
    expect((await t.call('GET', `/reviews/${pmReview}`, { token: customer.token })).body.data).toMatchObject({ status: 'published', authorRole: 'pm' });
    expect((await t.call('GET', `/reviews/${pmReview}`, { token: admin.token })).status).toBe(200);
    expect((await t.call('GET', `/reviews/${pmReview}`)).status).toBe(404);
    const other = await t.tokenFor('customer');
    expect((await t.call('GET', `/reviews/${pmReview}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/reviews?pmId=pm-profile-1')).body.data.map((r: { rating: number }) => r.rating)).toEqual([5]);
  });

  it('refuses a booking not completed, past 14 days, a second review of the same side, and bookings of others', async () => {
    expect((await write(customer.token, booking({ status: 'in_progress', completedAt: null }))).body.error.code).toBe('BOOKING_NOT_COMPLETED');
    expect((await write(customer.token, booking({}, 14.01))).body.error.code).toBe('REVIEW_WINDOW_CLOSED');
    const b = booking();
    expect((await write(customer.token, b)).status).toBe(201);
    const again = await write(customer.token, b);
    expect([again.status, again.body.error.code]).toEqual([409, 'REVIEW_EXISTS']);
    const stranger = await t.tokenFor('customer');
    expect((await write(stranger.token, b)).body.error.code).toBe('BOOKING_NOT_FOUND');
    const otherPm = await t.tokenFor('pm', 'pm-acct-2', 'pm-profile-2');
    expect((await write(otherPm.token, b)).body.error.code).toBe('BOOKING_NOT_FOUND');
    expect((await write(customer.token, 'no-such-booking')).status).toBe(404);
    expect((await t.call('POST', '/reviews', { body: { bookingId: b, rating: 5, text } })).status).toBe(401);
  });

  it('answers 503 SERVICE_UNAVAILABLE to writes while bookings is away, and keeps answering reads', async () => {
    const b = booking();
    await write(customer.token, b, 5);
    await write(pm.token, b, 5);
    t.state.bookingsDown = true;
    const res = await write(customer.token, booking());
    expect([res.status, res.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect((await t.call('GET', '/reviews?serviceId=svc-1')).body.data).toHaveLength(1);
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data.count).toBe(1);
  });

  it('lets the author change a review only while pending; then 409 REVIEW_LOCKED', async () => {
    const b = booking();
    const id = (await write(customer.token, b, 2)).body.data.id;
    const changed = await t.call('PATCH', `/reviews/${id}`, { token: customer.token, body: { rating: 3 } });
    expect(changed.body.data).toMatchObject({ rating: 3, status: 'pending' });
    expect((await t.call('PATCH', `/reviews/${id}`, { token: pm.token, body: { rating: 1 } })).body.error.code).toBe('REVIEW_NOT_FOUND');
    await write(pm.token, b, 5);
    const locked = await t.call('PATCH', `/reviews/${id}`, { token: customer.token, body: { rating: 5 } });
    expect([locked.status, locked.body.error.code]).toEqual([409, 'REVIEW_LOCKED']);
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data.histogram[3]).toBe(1);
  });

  it('answers bad fields with stable 400 codes', async () => {
    const b = booking();
    const code = async (body: unknown) => (await t.call('POST', '/reviews', { token: customer.token, body })).body.error.code;
    expect(await code({ bookingId: b, rating: 6, text })).toBe('INVALID_RATING');
    expect(await code({ bookingId: b, rating: 4.5, text })).toBe('INVALID_RATING');
    expect(await code({ bookingId: b, rating: 5, ratings: { communication: 0, quality: 5, timeliness: 5 }, text })).toBe('INVALID_RATING');
    expect(await code({ bookingId: b, rating: 5, text: 'too short' })).toBe('INVALID_REVIEW_TEXT');
    expect(await code({ bookingId: b, rating: 5, text: 'x'.repeat(2001) })).toBe('INVALID_REVIEW_TEXT');
    expect(await code({ bookingId: b, rating: 5, text, authorId: 'someone-else' })).toBe('INVALID_REVIEW');
    expect(await code({ rating: 5, text })).toBe('INVALID_REVIEW');
    expect((await t.call('GET', '/reviews')).body.error.code).toBe('INVALID_REVIEW_QUERY');
    expect((await t.call('GET', '/reviews?serviceId=a&pmId=b')).body.error.code).toBe('INVALID_REVIEW_QUERY');
    expect((await t.call('GET', '/reviews?serviceId=a&limit=51')).body.error.code).toBe('INVALID_REVIEW_QUERY');
    expect((await t.call('GET', '/reviews/not-an-id')).body.error.code).toBe('INVALID_ID');
  });

  it('publishes 10 bookings reviewed by both sides at once with the summary exact', async () => {
    const ids = Array.from({ length: 10 }, () => booking());
    const ratings = [5, 4, 3, 5, 5, 2, 4, 4, 1, 5];
    const answers = await Promise.all(ids.flatMap((b, i) => [write(customer.token, b, ratings[i]), write(pm.token, b, 3)]));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const summary = (await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data;
    expect(summary.count).toBe(10);
    expect(summary.average).toBe(3.8);
    expect(summary.histogram).toEqual({ 1: 1, 2: 1, 3: 1, 4: 3, 5: 4 });
  });
});

describe('the window sweeper', () => {
  it('publishes a one-sided review once the 14 days since completion are over, and not before', async () => {
    const b = booking({}, 0);
    const id = (await write(customer.token, b, 5)).body.data.id;
    t.clock.advance(14 * DAY - 1000);
    expect(await t.parts.sweeper.sweep()).toBe(0);
    expect((await t.call('GET', `/reviews/${id}`)).status).toBe(404);
    t.clock.advance(1000);
    expect(await t.parts.sweeper.sweep()).toBe(1);
    expect((await t.call('GET', `/reviews/${id}`)).body.data.status).toBe('published');
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data.count).toBe(1);
    expect(await t.parts.sweeper.sweep()).toBe(0);
    expect((await write(pm.token, b)).body.error.code).toBe('REVIEW_WINDOW_CLOSED');
  });
});

describe('replies, reports and moderation', () => {
  async function published(rating = 5): Promise<string> {
    const b = booking();
    const id = (await write(customer.token, b, rating)).body.data.id;
    await write(pm.token, b, 4);
    return id;
  }

  it('lets the reviewed PM reply once, and nobody else', async () => {
    const id = await published();
    const other = await t.tokenFor('pm', 'pm-acct-2', 'pm-profile-2');
    expect((await t.call('POST', `/reviews/${id}/reply`, { token: other.token, body: { text: 'Thanks!' } })).status).toBe(403);
    expect((await t.call('POST', `/reviews/${id}/reply`, { token: customer.token, body: { text: 'Me too' } })).status).toBe(403);
    const first = await t.call('POST', `/reviews/${id}/reply`, { token: pm.token, body: { text: 'Thank you, Ada!' } });
    expect([first.status, first.body.data.reply.text]).toEqual([201, 'Thank you, Ada!']);
    expect((await t.call('POST', `/reviews/${id}/reply`, { token: pm.token, body: { text: 'Again' } })).body.error.code).toBe('REPLY_EXISTS');
    expect((await t.call('POST', `/reviews/${id}/reply`, { token: pm.token, body: { text: '' } })).body.error.code).toBe('INVALID_REPLY');
    expect((await t.call('GET', '/reviews?pmId=pm-profile-1')).body.data[0].reply).toEqual({ text: 'Thank you, Ada!', at: expect.any(String) });
  });

  it('hides by reason code only, takes the review out of the summary and restores it to the same numbers; the ledger shows both by stars', async () => {
    const low = await published(1);
    await published(5);
    const before = (await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data;
    expect((await t.call('POST', `/reviews/${low}/hide`, { token: admin.token, body: { reasonCode: 'low_rating' } })).body.error.code).toBe(
      'INVALID_REASON_CODE',
    );
    expect((await t.call('POST', `/reviews/${low}/hide`, { token: customer.token, body: { reasonCode: 'abuse' } })).status).toBe(403);
    const hidden = await t.call('POST', `/reviews/${low}/hide`, { token: admin.token, body: { reasonCode: 'abuse' } });
    expect(hidden.body.data.status).toBe('hidden');
    expect((await t.call('POST', `/reviews/${low}/hide`, { token: admin.token, body: { reasonCode: 'abuse' } })).body.error.code).toBe('REVIEW_NOT_PUBLISHED');
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data).toMatchObject({ count: 1, average: 5 });
    expect((await t.call('GET', '/reviews?serviceId=svc-1')).body.data).toHaveLength(1);
    const ledger = (await t.call('GET', '/reviews/moderation', { token: admin.token })).body.data;
    expect(ledger).toEqual({
      published: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
      hidden: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 0 },
      hiddenByReason: { abuse: 1 },
      reportsOpen: 0,
    });
    expect((await t.call('POST', `/reviews/${low}/restore`, { token: admin.token })).body.data.status).toBe('published');
    expect((await t.call('POST', `/reviews/${low}/restore`, { token: admin.token })).body.error.code).toBe('REVIEW_NOT_HIDDEN');
    expect((await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data).toEqual(before);
    expect((await t.call('GET', '/reviews/moderation', { token: customer.token })).status).toBe(403);
  });

  it('takes one report per person and counts reported reviews in the ledger', async () => {
    const id = await published();
    const reader = await t.tokenFor('customer');
    for (let i = 0; i < 2; i++)
      expect((await t.call('POST', `/reviews/${id}/report`, { token: reader.token, body: { reason: 'Mentions a phone number' } })).status).toBe(202);
    expect((await t.call('POST', `/reviews/${id}/report`, { token: reader.token, body: {} })).body.error.code).toBe('INVALID_REPORT');
    expect((await t.call('POST', `/reviews/${id}/report`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await t.call('GET', '/reviews/moderation', { token: admin.token })).body.data).toEqual({
      published: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
      hidden: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      hiddenByReason: {},
      reportsOpen: 1,
    });
  });
});

describe("catalog's and talent's rating read", () => {
  it('answers null before the first published review, then {count, average}', async () => {
    expect((await t.call('GET', '/internal/ratings/service/svc-1')).body.data).toEqual({ rating: null });
    const b = booking();
    await write(customer.token, b, 4);
    await write(pm.token, b, 5);
    expect((await t.call('GET', '/internal/ratings/service/svc-1')).body.data).toEqual({ rating: { count: 1, average: 4 } });
    expect((await t.call('GET', '/internal/ratings/pm/pm-profile-1')).body.data).toEqual({ rating: { count: 1, average: 4 } });
    expect((await t.call('GET', '/internal/ratings/booking/x')).status).toBe(400);
  });

  it('lists every rated service and PM in the ratings index, with an ETag that moves on publish, hide and restore and a 304 between', async () => {
    const index = async (etag?: string) => {
      const res = await t.call('GET', '/internal/ratings-index.ndjson', { headers: etag ? { 'if-none-match': etag } : {} });
      const lines =
        res.status === 200
          ? String(res.body.raw ?? JSON.stringify(res.body))
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l))
          : [];
      return { status: res.status, etag: res.headers.get('etag') as string, lines };
    };
    const empty = await index();
    expect(empty.lines).toEqual([{ end: true, count: 0 }]);
    expect((await index(empty.etag)).status).toBe(304);

    const b = booking({ serviceIds: ['svc-1', 'svc-2'] });
    const review = (await write(customer.token, b, 4)).body.data.id;
    expect((await index(empty.etag)).status).toBe(304); // pending: nothing published yet
    await write(pm.token, b, 5);
    const one = await index(empty.etag);
    expect(one.status).toBe(200);
    // The PM's review of the customer counts nowhere public; the prior is the site-wide mean (4 from one review).
    expect(one.lines).toEqual([
      { kind: 'pm', id: 'pm-profile-1', count: 1, average: 4, bayesian: 4 },
      { kind: 'service', id: 'svc-1', count: 1, average: 4, bayesian: 4 },
      { kind: 'service', id: 'svc-2', count: 1, average: 4, bayesian: 4 },
      { end: true, count: 3 },
    ]);
    expect((await index(one.etag)).status).toBe(304);

    await t.call('POST', `/reviews/${review}/hide`, { token: admin.token, body: { reasonCode: 'spam' } });
    const hidden = await index(one.etag);
    expect(hidden.lines).toEqual([{ end: true, count: 0 }]);
    expect(hidden.etag).toBe(empty.etag);
    await t.call('POST', `/reviews/${review}/restore`, { token: admin.token });
    const restored = await index(hidden.etag);
    expect(restored.lines).toEqual(one.lines);
    expect(restored.etag).toBe(one.etag);
  });
});

describe('your own reviews', () => {
  it("lists what the caller wrote and the PM's review of them once published, never before", async () => {
    const b = booking();
    const pmReview = (await write(pm.token, b, 3)).body.data.id;
    const before = await t.call('GET', '/reviews/mine', { token: customer.token });
    expect(before.body.data).toEqual({ written: [], received: [] });
    expect((await t.call('GET', '/reviews/mine', { token: pm.token })).body.data.written.map((r: { id: string }) => r.id)).toEqual([pmReview]);
    const mine = (await write(customer.token, b, 5)).body.data.id;
    const after = (await t.call('GET', '/reviews/mine', { token: customer.token })).body.data;
    expect(after.written.map((r: { id: string }) => r.id)).toEqual([mine]);
    expect(after.received).toEqual([expect.objectContaining({ id: pmReview, authorRole: 'pm', rating: 3, status: 'published' })]);
    expect((await t.call('GET', '/reviews/mine')).status).toBe(401);
  });
});
