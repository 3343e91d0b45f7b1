/**
 * Synthetic published reviews for the benches (bench:summary here, bench:scale's reviews process):
 * `n` customer reviews over 1,000 services and 500 PMs, stars spread 1-5, written by bulk
 * writes, and the summaries the repository's `$inc`s would have kept (one per subject and the
 * site-wide one), built in one pass rather than by `n` publications.
 */
import { silentLogger, systemClock } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createCallerVerifier } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import type { ReviewsDeps } from '../src/deps.ts';
import type { ReviewDoc } from '../src/reviews/model.ts';
import type { SummaryDoc } from '../src/reviews/summaries.ts';

export const BENCH_SERVICES = 1000;
export const BENCH_PMS = 500;

/** A 24-hex id: `prefix`, then `i` in hex. */
export const benchId = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;

/** The deps of a reviews app that serves public reads only (no bookings, no names, tokens never verify). */
export function benchDeps(documents: DocumentStore, logger = silentLogger): ReviewsDeps {
  return {
    documents,
    tokens: createCallerVerifier({
      keys: async () => crypto.getRandomValues(new Uint8Array(32)),
      clock: systemClock,
      revocations: createFixedRevocationView(),
    }),
    bookings: { facts: async () => undefined },
    names: { nameOf: async () => undefined },
    clock: systemClock,
    logger,
  };
}

export async function loadSyntheticReviews(documents: DocumentStore, n: number): Promise<void> {
  const sums = new Map<string, SummaryDoc>();
  const add = (key: string, rating: number) => {
    const s = sums.get(key) ?? { _id: key, count: 0, sum: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
    s.count++;
    s.sum += rating;
    s.stars[String(rating) as '1']++;
    sums.set(key, s);
  };
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const reviews = documents.collection<ReviewDoc>('reviews');
  for (let start = 0; start < n; start += 5000) {
    const batch: ReviewDoc[] = [];
    for (let i = start; i < Math.min(n, start + 5000); i++) {
      const rating = 1 + ((i * 7) % 5);
      const serviceId = benchId('5e', i % BENCH_SERVICES);
      const pmId = benchId('9a', i % BENCH_PMS);
      const at = new Date(base + i * 60_000).toISOString();
      batch.push({
        _id: benchId('a', i),
        bookingId: benchId('b', i),
        authorRole: 'customer',
        authorId: `cust-${i}`,
        authorName: 'Ada L.',
        rating,
        text: `Review ${i}: clear plans, weekly updates and the launch landed on the agreed day.`,
        status: 'published',
        subjects: { serviceIds: [serviceId], pmId, customerId: `cust-${i}` },
        completedAt: at,
        publishAt: at,
        publishedAt: at,
        reports: 0,
        createdAt: at,
        updatedAt: at,
        version: 2,
      });
      add(`service:${serviceId}`, rating);
      add(`pm:${pmId}`, rating);
      add('all', rating);
    }
    await reviews.insertMany(batch);
  }
  await documents.collection<SummaryDoc>('review_summaries').insertMany([...sums.values()]);
}
