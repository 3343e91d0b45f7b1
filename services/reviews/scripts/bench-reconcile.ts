/**
 * bun scripts/bench-reconcile.ts [n] (services/reviews) — one totals-check pass (reviews/reconcile.ts)
 * over `n` published reviews (default 100,000; bench-data.ts's, over 1,000 services and 500 PMs) on
 * the embedded store, each pass in a fresh process state after a full GC: a healthy pass (nothing
 * to correct), then one with every subject's and the site-wide totals one review short (every
 * subject corrected; the check here has no quiet time, so a difference is corrected at first
 * sight). Prints wall and CPU ms and the RSS and heap growth over the pass. A figure, never a test.
 */
import { heapStats } from 'bun:jsc';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { buildParts } from '../src/app.ts';
import { createReconciler } from '../src/reviews/reconcile.ts';
import type { LedgerDoc, SummaryDoc } from '../src/reviews/summaries.ts';
import { benchDeps, loadSyntheticReviews } from './bench-data.ts';

const n = Number(process.argv[2] ?? 100_000);
const deps = benchDeps(createEmbeddedDocumentStore());
const parts = buildParts(deps);
await parts.ensureIndexes();
// No quiet time: what a correcting pass costs, not when it comes.
const reconciler = createReconciler({ documents: deps.documents, clock: deps.clock, logger: deps.logger, quietMs: 0 });
await loadSyntheticReviews(deps.documents, n);
const summaries = deps.documents.collection<SummaryDoc>('review_summaries');
const all = await summaries.findOne({ _id: 'all' });
await deps.documents
  .collection<LedgerDoc>('review_ledger')
  .insertOne({ _id: 'ledger', published: { ...all?.stars }, hidden: {}, hiddenByReason: {}, changes: 1 });

async function measure(label: string) {
  Bun.gc(true);
  const rss0 = process.memoryUsage().rss;
  const heap0 = heapStats().heapSize;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await reconciler.pass();
  const cpu = process.cpuUsage(cpu0);
  const mb = (b: number) => Math.round(b / 1e6);
  console.log(
    JSON.stringify({
      n,
      label,
      ms: Math.round(performance.now() - t0),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      rssGrowthMB: mb(process.memoryUsage().rss - rss0),
      heapGrowthMB: mb(heapStats().heapSize - heap0),
      ...result,
    }),
  );
}

await measure('healthy');
await measure('healthy');
await summaries.updateMany({}, { $inc: { count: -1 } });
await measure('every subject and the site-wide totals short');
await measure('healthy again');
