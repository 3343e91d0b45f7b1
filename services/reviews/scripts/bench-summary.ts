/**
 * bun run bench:summary (services/reviews) — reviews' summary and list reads with many reviews:
 * for each size (BENCH_REVIEWS_SIZES, default 1000,100000 published reviews over 1,000 services
 * and 500 PMs) it fills an embedded store, serves the real app on loopback and times sequential
 * `GET /reviews/summary` and `GET /reviews?serviceId=` (first page) requests, printing p50/p99.
 * The summaries are the documents the repository's `$inc`s keep (one per subject), built here in
 * one pass rather than by 100k publications. A figure, never a test.
 */
import { silentLogger, systemClock } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createCallerVerifier } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import { buildParts, createApp } from '../src/app.ts';
import type { ReviewDoc } from '../src/reviews/model.ts';
import type { SummaryDoc } from '../src/reviews/summaries.ts';

const sizes = (process.env.BENCH_REVIEWS_SIZES ?? '1000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REVIEWS_REQUESTS ?? 300);
const SERVICES = 1000;
const PMS = 500;

const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;

async function fill(n: number) {
  const documents = createEmbeddedDocumentStore();
  const deps = {
    documents,
    tokens: createCallerVerifier({
      keys: async () => crypto.getRandomValues(new Uint8Array(32)),
      clock: systemClock,
      revocations: createFixedRevocationView(),
    }),
    bookings: { facts: async () => undefined },
    names: { nameOf: async () => undefined },
    clock: systemClock,
    logger: silentLogger,
  };
  const parts = buildParts(deps);
  await parts.ensureIndexes();
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
      const serviceId = hex('5e', i % SERVICES);
      const pmId = hex('9a', i % PMS);
      const at = new Date(base + i * 60_000).toISOString();
      batch.push({
        _id: hex('a', i),
        bookingId: hex('b', i),
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
  return createApp(deps, parts);
}

function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: Math.round(at(0.5) * 100) / 100, p99: Math.round(at(0.99) * 100) / 100 };
}

async function time(base: string, make: (i: number) => string) {
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${make(i)}`)).text();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${make(i)}`);
    await res.text();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${make(i)} answered ${res.status}`);
  }
  return percentiles(ms);
}

const rows: string[] = [];
for (const n of sizes) {
  const t0 = performance.now();
  const app = await fill(n);
  const loadS = Math.round((performance.now() - t0) / 100) / 10;
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (r) => app.fetch(r) });
  const base = `http://127.0.0.1:${server.port}`;
  Bun.gc(true);
  const summary = await time(base, (i) => `/reviews/summary?serviceId=${hex('5e', (i * 37) % SERVICES)}`);
  const pmSummary = await time(base, (i) => `/reviews/summary?pmId=${hex('9a', (i * 37) % PMS)}`);
  const list = await time(base, (i) => `/reviews?serviceId=${hex('5e', (i * 37) % SERVICES)}&limit=20`);
  server.stop(true);
  rows.push(
    `| ${n.toLocaleString('en-US')} | ${loadS} s | ${summary.p50} / ${summary.p99} | ${pmSummary.p50} / ${pmSummary.p99} | ${list.p50} / ${list.p99} |`,
  );
}
console.log(
  [
    `reviews reads (embedded store, in-process server, ${REQUESTS} sequential requests each; ms p50 / p99)`,
    '',
    '| reviews | fill | GET /reviews/summary?serviceId | ?pmId | GET /reviews?serviceId (first page) |',
    '|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
