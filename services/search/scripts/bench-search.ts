/**
 * bun run bench:search — the one search's index and queries in-process, without the rest of the
 * system: for each size N (BENCH_SEARCH_SIZES, default 1000,100000) the NDJSON indexes catalog
 * and talent serve for bench:scale's N synthetic services and N synthetic profiles (the same
 * generators, the same index lines) are written to files; a fresh process per size then reads
 * them through the real service client and keeper (as main.ts does over HTTP), builds the index,
 * and times bench:scale's four queries (p50 / p99 of BENCH_SEARCH_RUNS runs after 5 warm-ups,
 * the first run of each on the fresh index, and the p50 of scoring every candidate: what a word
 * never asked before costs), and reports its memory: VmHWM (peak since spawn, once built and after
 * the queries) and VmRSS. Not a test: the machine is shared, so compare sizes within one run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syntheticServiceIndexLine } from '@tm/catalog/bench-data';
import { silentLogger, systemClock } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { parseQuery } from '@tm/shared/search';
import { syntheticTalentIndexLine } from '@tm/talent/bench-data';
import { createIndexKeeper } from '../src/index/keeper.ts';
import { ALL_TYPES } from '../src/index/search-index.ts';
import { indexSources } from '../src/index/sources.ts';

const QUERIES: [label: string, q: string][] = [
  ['q=developer', 'developer'],
  ['q=kubernetes architect', 'kubernetes architect'],
  ['q=kubernets (typo)', 'kubernets'],
  ['q=डेवलपर (Hindi)', 'डेवलपर'],
];
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const WARM_UP = 5;

interface SizeResult {
  n: number;
  buildMs: number;
  queries: Record<string, { first: number; p50: number; p99: number; scored: number; total: number }>;
  /** VmHWM once the index is built, before any query. */
  builtPeakMb: number;
  peakMb: number;
  /** A second read and build while the first index is current, and VmHWM after it. */
  rebuildMs: number;
  rebuildPeakMb: number;
  afterMb: number;
}

/** Writes catalog's and talent's NDJSON indexes for `n` synthetic services and profiles (what their snapshots list: active, indexable). */
function writeIndexes(dir: string, n: number): void {
  const services: string[] = [];
  for (let i = 0; i < n; i++) {
    const line = syntheticServiceIndexLine(i);
    if (line) services.push(JSON.stringify(line));
  }
  writeFileSync(join(dir, 'catalog.ndjson'), `${services.join('\n')}\n${JSON.stringify({ end: true, count: services.length })}\n`);
  services.length = 0;
  const talent: string[] = [];
  for (let i = 0; i < n; i++) {
    const line = syntheticTalentIndexLine(i, n);
    if (line) talent.push(JSON.stringify(line));
  }
  writeFileSync(join(dir, 'talent.ndjson'), `${talent.join('\n')}\n${JSON.stringify({ end: true, count: talent.length })}\n`);
  writeFileSync(join(dir, 'content.ndjson'), `${JSON.stringify({ end: true, count: 0 })}\n`);
}

function memoryMb(field: 'VmHWM' | 'VmRSS', status: string): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** One size in this process: read the files through the keeper, build, time the queries. */
async function measure(dir: string, n: number): Promise<SizeResult> {
  const client = (name: 'catalog' | 'talent' | 'content') =>
    createServiceClient({
      service: name,
      baseUrl: `http://${name}.bench`,
      timeoutMs: 600_000,
      logger: silentLogger,
      fetch: (async () => new Response(Bun.file(join(dir, `${name}.ndjson`)), { headers: { etag: `"${name}"` } })) as unknown as typeof fetch,
    });
  const keeper = createIndexKeeper({
    sources: indexSources({ catalog: client('catalog'), talent: client('talent'), content: client('content') }),
    clock: systemClock,
    logger: silentLogger,
    timeoutMs: 600_000,
  });
  const t0 = performance.now();
  await keeper.refresh();
  const buildMs = performance.now() - t0;
  const built = await Bun.file('/proc/self/status').text();
  const index = keeper.current();
  if (!index) throw new Error('no index built');
  const queries: SizeResult['queries'] = {};
  for (const [label, q] of QUERIES) {
    const request = { q, types: ALL_TYPES, page: 1, limit: 20 };
    const f0 = performance.now();
    const answer = index.search(request);
    const first = performance.now() - f0;
    for (let i = 0; i < WARM_UP; i++) index.search(request);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      index.search(request);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    // Scoring every candidate, as each first query of a word does (and every query did before rankings were remembered).
    const terms = parseQuery(q);
    const scoredTimes: number[] = [];
    for (let i = 0; i < Math.max(20, RUNS / 4); i++) {
      const s = performance.now();
      index.scored(terms, request, q);
      scoredTimes.push(performance.now() - s);
    }
    scoredTimes.sort((a, b) => a - b);
    queries[label] = { first, p50: percentile(times, 50), p99: percentile(times, 99), scored: percentile(scoredTimes, 50), total: answer.total };
  }
  const queried = await Bun.file('/proc/self/status').text();
  // A rebuild (an upstream index changed: these files answer 200 to every read) while the old index serves.
  const r0 = performance.now();
  await keeper.refresh();
  const rebuildMs = performance.now() - r0;
  if (keeper.current() === index) throw new Error('no rebuild');
  const status = await Bun.file('/proc/self/status').text();
  return {
    rebuildMs,
    rebuildPeakMb: memoryMb('VmHWM', status),
    n,
    buildMs,
    queries,
    builtPeakMb: memoryMb('VmHWM', built),
    peakMb: memoryMb('VmHWM', queried),
    afterMb: memoryMb('VmRSS', status),
  };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(ms >= 10 ? 1 : ms >= 0.1 ? 2 : 3));

function report(results: SizeResult[]): string {
  const first = results[0] as SizeResult;
  const last = results.at(-1) as SizeResult;
  const head = `| measure | ${results.map((r) => r.n.toLocaleString('en')).join(' | ')} | largest/smallest |`;
  const rule = `|---|${results.map(() => '---:|').join('')}---:|`;
  const rows = QUERIES.map(([label]) => {
    const cells = results.map((r) => {
      const m = r.queries[label] as SizeResult['queries'][string];
      return `${fmt(m.p50)} / ${fmt(m.p99)} (first ${fmt(m.first)}; scored ${fmt(m.scored)}; ${m.total} hits)`;
    });
    const ratio = (last.queries[label]?.p50 as number) / (first.queries[label]?.p50 as number);
    return `| ${label}: p50 / p99 ms | ${cells.join(' | ')} | ${ratio.toFixed(1)}x |`;
  });
  return [
    head,
    rule,
    ...rows,
    `| build (read both indexes, build), ms | ${results.map((r) => fmt(r.buildMs)).join(' | ')} | ${(last.buildMs / first.buildMs).toFixed(1)}x |`,
    `| rebuild (both indexes read again while the first index serves), ms | ${results.map((r) => fmt(r.rebuildMs)).join(' | ')} | |`,
    `| memory MB: peak (VmHWM) when built / after the queries / after the rebuild; VmRSS at the end | ${results
      .map((r) => `${r.builtPeakMb} / ${r.peakMb} / ${r.rebuildPeakMb}; ${r.afterMb}`)
      .join(' | ')} | |`,
  ].join('\n');
}

if (process.argv[2] === 'measure') {
  const result = await measure(process.argv[3] as string, Number(process.argv[4]));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const sizes = (process.env.BENCH_SEARCH_SIZES ?? '1000,100000').split(',').map(Number);
const load = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' / ');
const results: SizeResult[] = [];
for (const n of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  try {
    writeIndexes(dir, n);
    // A fresh process per size: its VmHWM is what search holds for this size alone.
    const child = Bun.spawn(['bun', import.meta.path, 'measure', dir, String(n)], { stdout: 'pipe', stderr: 'inherit' });
    const out = await new Response(child.stdout).text();
    if ((await child.exited) !== 0) throw new Error(`the measuring process for ${n} failed`);
    results.push(JSON.parse(out.trim().split('\n').at(-1) as string) as SizeResult);
    console.error(`bench:search: ${n} services and ${n} profiles measured`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`bench:search (load average before the run: ${load}); ${RUNS} runs per query after ${WARM_UP} warm-ups, in-process (no HTTP)\n`);
console.log(report(results));
