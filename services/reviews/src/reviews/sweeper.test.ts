/**
 * The window sweeper on several replicas: no lease, because each move is the repository's
 * conditional publish (pending -> published, once) and only the call that made the move counts
 * the review into the summaries. Shown with several sweepers (each a replica's parts on the one
 * database) sweeping the same due reviews at once: each review published once, the summary exact.
 */
import { describe, expect, it } from 'bun:test';
import { buildParts } from '../app.ts';
import { createReviewsUnderTest } from '../testing.ts';

const DAY = 86_400_000;
const text = 'Clear plans, weekly updates and the launch landed on the agreed day.';

describe('the window sweeper on several replicas', () => {
  it('publishes each due review once and counts it once in the summary, whichever replicas sweep at once', async () => {
    const t = await createReviewsUnderTest();
    const customer = await t.tokenFor('customer', 'cust-1');
    const ratings = [5, 4, 3, 5, 2, 1, 4, 5, 3, 4, 5, 5];
    for (const rating of ratings) {
      const bookingId = t.completedBooking(customer.sub);
      expect((await t.call('POST', '/reviews', { token: customer.token, body: { bookingId, rating, text } })).status).toBe(201);
    }
    t.clock.advance(14 * DAY);
    // Four replicas, their passes interleaving review by review.
    const replicas = Array.from({ length: 4 }, () => buildParts(t.deps).sweeper);
    const published = await Promise.all(replicas.map((s) => s.sweep()));
    expect(published.reduce((a, b) => a + b, 0)).toBe(ratings.length);
    const summary = (await t.call('GET', '/reviews/summary?serviceId=svc-1')).body.data;
    expect(summary.count).toBe(ratings.length);
    expect(summary.histogram).toEqual({ 1: 1, 2: 1, 3: 2, 4: 3, 5: 5 });
    expect(await Promise.all(replicas.map((s) => s.sweep()))).toEqual([0, 0, 0, 0]);
  });
});
