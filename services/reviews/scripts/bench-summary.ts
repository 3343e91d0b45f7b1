/**
 * bun run bench:summary (services/reviews) — reviews' summary and list reads with many reviews:
 * for each size (BENCH_REVIEWS_SIZES, default 1000,100000 published reviews over 1,000 services
 * and 500 PMs) it fills an embedded store, serves the real app on loopback and times sequential
 * `GET /reviews/summary` and `GET /reviews?serviceId=` (first page) requests, printing p50/p99.
 * The data is bench-data.ts's (bench:scale's reviews process loads the same). A figure, never a test.
 */
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { buildParts, createApp } from '../src/app.ts';
import { benchDeps, benchId as hex, loadSyntheticReviews, BENCH_PMS as PMS, BENCH_SERVICES as SERVICES } from './bench-data.ts';

const sizes = (process.env.BENCH_REVIEWS_SIZES ?? '1000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REVIEWS_REQUESTS ?? 300);

async function fill(n: number) {
  const deps = benchDeps(createEmbeddedDocumentStore());
  const parts = buildParts(deps);
  await parts.ensureIndexes();
  await loadSyntheticReviews(deps.documents, n);
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
