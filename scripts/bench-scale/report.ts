/** bench:scale's markdown: one table per aspect, a column per size and the ratio largest/smallest. */
import type { AfterReady } from './measure.ts';
import type { LlmsCheck } from './site-check.ts';
import type { SnapshotReadTiming } from './snapshot-reads.ts';

/** One service's start: readiness and what the gateway met after it, the load, and start-up with the data stored. */
export interface ServiceStart extends AfterReady {
  /** N documents written by bulk writes (the seeding figure). */
  loadMs: number;
  /** Start-up with the data already stored, as an operator restarting a replica sees it: spawn to /readyz 200, less the load when it ran inside (embedded). */
  startMs: number;
}

export interface SizeResult {
  n: number;
  reads: Record<string, { p50: number; p99: number }>;
  whole: Record<string, { p50: number; p99: number; p50304: number; bytes: number }>;
  steady: { p50: number; p99: number; p99First10s: number; errors: number; timeouts: number };
  site: { readyMs: number; urls: number; expected: number; missing: number };
  llms: LlmsCheck;
  startup: { talent: ServiceStart; catalog: ServiceStart; gatewayMs: number; searchReadyMs?: number };
  /** Production's shape only: each snapshot read alone, raw and decoded apart. */
  snapshotReads?: { catalog: SnapshotReadTiming; talent: SnapshotReadTiming };
  /** MB, resident after the run and peak since spawn (VmHWM); `database` is the stand-in's process in production's shape. */
  memory: { talent: Memory; catalog: Memory; gateway: Memory; search?: Memory; reviews?: Memory; database?: Memory };
}

interface Memory {
  rss: number;
  peak: number;
}

/** Where the data lives: its own process behind the driver (production's shape), or in each service's process. */
export type StoreShape = 'mongodb' | 'embedded';

/** The sections of BENCHMARKS.md that their own scripts write, between markers; `bun run bench` keeps them as they are. */
export type BenchSection = 'scale' | 'startup';
const KEPT_SECTIONS: BenchSection[] = ['scale', 'startup'];
const marks = (section: BenchSection) => ({ start: `<!-- bench:${section}:start -->`, end: `<!-- bench:${section}:end -->` });
const { start: MARK_START, end: MARK_END } = marks('scale');

const f = (ms: number) => (Number.isFinite(ms) ? (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)) : 'n/a');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && a > 0 ? `${(b / a).toFixed(1)}x` : 'n/a');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

const SHAPES: Record<StoreShape, string> = {
  mongodb:
    "in production's shape (BENCH_SCALE_STORE=mongodb): the data in its own process, the wire-level MongoDB stand-in (the embedded store behind OP_MSG), written by each service's " +
    'scripts/load-bench.ts through the driver by bulk writes; talent and catalog are their own main.ts on MONGODB_URL, each in its own process',
  embedded:
    "in `bun run start`'s shape (BENCH_SCALE_STORE=embedded): each service listens, then loads its data by bulk writes into the embedded store inside its own process " +
    "and builds its snapshot (services/*/scripts/serve-bench.ts: main.ts's wiring plus the load)",
};

export function renderReport(results: SizeResult[], meta: { shape: StoreShape; requests: number; steadyS: number; commit: string; load: string }): string {
  const first = results[0] as SizeResult;
  const last = results[results.length - 1] as SizeResult;
  const sizes = results.map((r) => r.n.toLocaleString('en-US'));
  const head = (what: string) => [`| ${what} | ${sizes.join(' | ')} | ${last.n / first.n}x data |`, `|---|${sizes.map(() => '---:').join('|')}|---:|`];
  /** A row of one number per size, with the ratio largest/smallest unless `noRatio`. */
  const row = (what: string, pick: (r: SizeResult) => number, noRatio = false) =>
    `| ${what} | ${results.map((r) => f(pick(r))).join(' | ')} | ${noRatio ? '' : ratio(pick(first), pick(last))} |`;
  const cells = (what: string, cell: (r: SizeResult) => string) => `| ${what} | ${results.map(cell).join(' | ')} | |`;
  const out: string[] = [
    MARK_START,
    '## Scale (bun run bench:scale)',
    '',
    `At ${meta.commit}, on this 2-core machine (load average before the run: ${meta.load}): for each size N, N services and N talent profiles of synthetic data, each document the size of the seed's (deterministic, every language), ${SHAPES[meta.shape]}; ` +
      `the real gateway in front (in-memory limiter); reviews holds N published reviews (over 1,000 services and 500 PMs, its own embedded store, loaded before the others start). ` +
      `Reads are ${meta.requests} sequential requests through the gateway after 5 warm-up ones (p50 / p99 in ms, to the last byte); the last column is the p50 ratio largest/smallest. ` +
      `The bench keeps only the slugs it requests and collects its own garbage before timing; the steady phase starts after 5 s of quiet, and every request of it counts, from its first second.`,
    '',
    '### Reads through the gateway (p50 / p99 ms)',
    '',
    ...head('operation'),
  ];
  for (const op of Object.keys(first.reads)) {
    const c = results.map((r) => `${f(r.reads[op]?.p50 ?? Number.NaN)} / ${f(r.reads[op]?.p99 ?? Number.NaN)}`);
    out.push(`| ${op} | ${c.join(' | ')} | ${ratio(first.reads[op]?.p50 ?? Number.NaN, last.reads[op]?.p50 ?? Number.NaN)} |`);
  }
  out.push('', '### Whole lists and site files (p50 / p99 ms full body; p50 ms of the 304 to a matching If-None-Match; size)', '', ...head('answer'));
  for (const path of Object.keys(first.whole)) {
    const c = results.map((r) => {
      const w = r.whole[path];
      return w ? `${f(w.p50)} / ${f(w.p99)}; 304: ${f(w.p50304)}; ${kib(w.bytes)}` : 'n/a';
    });
    out.push(`| GET ${path} | ${c.join(' | ')} | ${ratio(first.whole[path]?.p50 ?? Number.NaN, last.whole[path]?.p50 ?? Number.NaN)} |`);
  }
  out.push(
    '',
    `### Quotes and carts at a steady 10 req/s for ${meta.steadyS} s, from its first second (half GET quote, half POST /jobs/pricing)`,
    '',
    ...head('measure'),
    `| p50 / p99 ms | ${results.map((r) => `${f(r.steady.p50)} / ${f(r.steady.p99)}`).join(' | ')} | ${ratio(first.steady.p99, last.steady.p99)} (p99) |`,
    row('p99 of the first 10 s, ms', (r) => r.steady.p99First10s),
    `| 504s / other errors | ${results.map((r) => `${r.steady.timeouts} / ${r.steady.errors}`).join(' | ')} | |`,
    '',
    '### Readiness and start-up',
    '',
    `Each service's /readyz is polled from its spawn; from its first 200 on, requests go through the gateway one after another for 5 s (catalog: list pages, a search, a cart; talent: pages, a search).`,
    '',
    ...head('measure'),
    ...(['catalog', 'talent'] as const).flatMap((name) => {
      const s = (r: SizeResult) => r.startup[name];
      return [
        row(`${name}: spawn to the first /readyz 200, ms`, (r) => s(r).readyMs),
        row(`${name}: the first /readyz 200 to the first 200 through the gateway, ms`, (r) => s(r).firstOkMs),
        cells(
          `${name}: after ready, slowest request ms / failures (5xx or none) / requests`,
          (r) => `${f(s(r).slowestMs)} / ${s(r).failures} / ${s(r).requests}`,
        ),
        cells(`${name}: the slowest request, sent ms after ready: what it asked`, (r) => `${f(s(r).slowestSentMs)}: \`${s(r).slowestPath}\``),
        row(`${name}: load N by bulk writes, ms`, (r) => s(r).loadMs),
        row(`${name}: start-up with the data stored, ms`, (r) => s(r).startMs),
      ];
    }),
    row('gateway: spawn to /healthz, ms', (r) => r.startup.gatewayMs),
    row('search: spawn to the first /readyz 200 (both indexes read over HTTP, index built), ms', (r) => r.startup.searchReadyMs ?? Number.NaN),
    ...snapshotReadRows(results, row, cells),
    '',
    '### Site files',
    '',
    ...head('measure'),
    row('first site-file build, ms (from the services ready)', (r) => r.site.readyMs),
    cells('sitemap URLs found / expected (missing)', (r) => `${r.site.urls} / ${r.site.expected} (${r.site.missing})`),
    cells('/llms.txt size (target: under 50 KB)', (r) => kib(r.llms.mapBytes)),
    cells('group files /llms/*.txt / largest (target: under 1 MB)', (r) => `${r.llms.groupFiles} / ${kib(r.llms.largestGroupFileBytes)}`),
    cells('pages listed in the group files (missing)', (r) => `${r.llms.listed} (${r.llms.missing})`),
    '',
    '### Memory, MB (peak: VmHWM, the most the process held since its spawn; after: VmRSS once the run is over)',
    '',
    ...head('process'),
    ...(['catalog', 'talent', 'gateway', 'search', 'reviews', 'database'] as const).flatMap((p) =>
      first.memory[p] ? [cells(p === 'database' ? 'database (the stand-in)' : p, (r) => `peak ${r.memory[p]?.peak} / after ${r.memory[p]?.rss}`)] : [],
    ),
    MARK_END,
  );
  return out.join('\n');
}

/** Production's shape: each snapshot read alone, and start-up less the stand-in's serving. */
function snapshotReadRows(
  results: SizeResult[],
  row: (what: string, pick: (r: SizeResult) => number, noRatio?: boolean) => string,
  cells: (what: string, cell: (r: SizeResult) => string) => string,
): string[] {
  if (!results[0]?.snapshotReads) return [];
  return (['catalog', 'talent'] as const).flatMap((name) => {
    const t = (r: SizeResult) => r.snapshotReads?.[name] as SnapshotReadTiming;
    return [
      cells(`${name}: snapshot read alone: documents / MB of BSON`, (r) => `${t(r).docs} / ${t(r).mb}`),
      row(`${name}: snapshot read alone, raw (the stand-in serving, the transfer), ms`, (r) => t(r).fetchMs),
      row(`${name}: snapshot read alone, the driver's decoding of it, ms`, (r) => t(r).decodeMs),
      row(`${name}: start-up less the stand-in's serving (a server as fast as the wire), ms`, (r) => r.startup[name].startMs - t(r).fetchMs),
    ];
  });
}

/** One spawn of a service's main.ts over the driver (scripts/bench-scale/startup.ts). */
export interface StartupRound {
  service: string;
  round: number;
  /** Spawn to the first /readyz 200. */
  readyMs: number;
  /** VmHWM at that moment: the most the process held since its spawn. */
  peakMb: number;
  /** The slowest of the first requests sent at once right after ready (0 when the service has none). */
  slowestFirstMs: number;
  loadAverage: string;
}

/** Issue 26's start-up target: under 5 s from spawn to ready over the driver at 100k. */
export const STARTUP_TARGET_MS = 5_000;

/** The bench:startup section: each round's spawn to ready against the target, and each service's phases (CPU ms) with the machine-speed gauge. */
export function renderStartup(meta: {
  n: number;
  commit: string;
  at: Date;
  loadBefore: string;
  loadAfter: string;
  rounds: StartupRound[];
  phases: Record<string, Record<string, number>>;
}): string {
  const { start, end } = marks('startup');
  const gauge = meta.phases.catalog?.driverDecodeAloneCpuMs;
  const cpuFields = (fields: Record<string, number>) =>
    Object.entries(fields)
      .filter(([key]) => key.endsWith('CpuMs'))
      .map(([key, value]) => `${key.replace(/CpuMs$/, '')} ${Math.round(value).toLocaleString('en-US')}`)
      .join(', ');
  return [
    start,
    `## Start-up over the driver at ${meta.n.toLocaleString('en-US')} (scripts/bench-scale/startup.ts)`,
    '',
    `At ${meta.commit}, ${meta.at.toISOString()}, on this 2-core machine (load average ${meta.loadBefore} before, ${meta.loadAfter} after), nothing else running: ` +
      `the wire-level MongoDB stand-in (scripts/bench-scale/store.ts) loaded through the driver with ${meta.n.toLocaleString('en-US')} services and as many talent profiles, each document the size of the seed's; ` +
      'then catalog and talent, one at a time and alone on it, each its real main.ts on MONGODB_URL: spawn to the first /readyz 200 (the target: under 5 s), the peak RSS since spawn (VmHWM) at that moment, ' +
      'and, for catalog, the slowest of four first requests sent at once right after ready (a list page, the picker catalog, a quote, the service index), which must be answered from the snapshot.',
    '',
    '| service | round | spawn to ready, ms | under 5 s | peak MB | slowest first request, ms | load average after |',
    '|---|---:|---:|---|---:|---:|---|',
    ...meta.rounds.map(
      (r) =>
        `| ${r.service} | ${r.round} | ${r.readyMs} | ${r.readyMs < STARTUP_TARGET_MS ? 'yes' : 'no'} | ${r.peakMb} | ${r.slowestFirstMs > 0 ? r.slowestFirstMs : 'n/a'} | ${r.loadAverage} |`,
    ),
    '',
    "Each service's scripts/startup-phases.ts, every phase timed alone (CPU ms): " +
      (Object.entries(meta.phases)
        .map(
          ([service, fields]) => `${service} (${fields.mb ?? '?'} MB of BSON, ${(fields.docs ?? 0).toLocaleString('en-US')} documents): ${cpuFields(fields)}`,
        )
        .join('; ') || 'not run (BENCH_STARTUP_PHASES=0)') +
      '.',
    gauge === undefined
      ? ''
      : `This VM's speed drifts about 2x from hour to hour; the driver's decoding of the catalog's snapshot alone (driverDecodeAlone above: ${Math.round(gauge).toLocaleString('en-US')} ms CPU in this run, 2,552 to 5,514 seen on 2026-11-26) is the gauge to compare runs by.`,
    end,
  ]
    .filter((line, i, all) => !(line === '' && all[i + 1] === end))
    .join('\n');
}

/** One marked section of a BENCHMARKS.md text (markers included), or '' when it has none. */
export function sectionOf(text: string, section: BenchSection): string {
  const { start: open, end: close } = marks(section);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  return start >= 0 && end > start ? text.slice(start, end + close.length) : '';
}

/** The bench:scale section of a BENCHMARKS.md text (markers included), or '' when it has none. */
export const scaleSectionOf = (text: string) => sectionOf(text, 'scale');

/** Every section `bun run bench` keeps when it rewrites the file (bench:scale's, bench:startup's), in order, blank-line separated. */
export function keptSectionsOf(text: string): string {
  return KEPT_SECTIONS.map((section) => sectionOf(text, section))
    .filter((found) => found !== '')
    .join('\n\n');
}

/** Replaces one marked section of BENCHMARKS.md (or appends it), leaving every other section as it is. `report` carries its markers. */
export async function writeSection(path: string, section: BenchSection, report: string): Promise<void> {
  const text = await Bun.file(path)
    .text()
    .catch(() => '');
  const { start: open, end: close } = marks(section);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next = start >= 0 && end > start ? `${text.slice(0, start)}${report}${text.slice(end + close.length)}` : `${text.trimEnd()}\n\n${report}\n`;
  await Bun.write(path, next);
}

/** Replaces the bench:scale section of BENCHMARKS.md (or appends it), leaving every other section as it is. */
export const writeBenchmarks = (path: string, report: string) => writeSection(path, 'scale', report);
