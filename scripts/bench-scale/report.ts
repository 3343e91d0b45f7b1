/** bench:scale's markdown: one table per aspect, a column per size and the ratio largest/smallest. */

export interface SizeResult {
  n: number;
  reads: Record<string, { p50: number; p99: number }>;
  whole: Record<string, { p50: number; p99: number; p50304: number; bytes: number }>;
  steady: { p50: number; p99: number; errors: number; timeouts: number };
  site: { readyMs: number; urls: number; expected: number; missing: number };
  startup: { talent: ServiceStart; catalog: ServiceStart; gatewayMs: number };
  /** MB; `database` is the stand-in's process in the production shape (both databases). */
  rss: { talent: number; catalog: number; gateway: number; database?: number };
}

/** Where the data lives: its own process behind the driver (production's shape), or in each service's process. */
export type StoreShape = 'mongodb' | 'embedded';

/**
 * One service's start: `loadMs` wrote N documents by bulk writes (the seeding figure); `startMs`
 * is start-up with the data already stored, as an operator restarting a replica sees it (boot,
 * connect, indexes, snapshot); `spawnMs` (embedded only, whose store starts empty) is spawn to
 * ready with the load included.
 */
export interface ServiceStart {
  loadMs: number;
  startMs: number;
  spawnMs?: number;
}

const MARK_START = '<!-- bench:scale:start -->';
const MARK_END = '<!-- bench:scale:end -->';

const f = (ms: number) => (Number.isFinite(ms) ? (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2)) : 'n/a');
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && a > 0 ? `${(b / a).toFixed(1)}x` : 'n/a');

const SHAPES: Record<StoreShape, string> = {
  mongodb:
    "in production's shape (BENCH_SCALE_STORE=mongodb): the data in its own process, the wire-level MongoDB stand-in (the embedded store behind OP_MSG), written by each service's " +
    'scripts/load-bench.ts through the driver by bulk writes; talent and catalog are their own main.ts on MONGODB_URL, each in its own process',
  embedded:
    "in `bun run start`'s shape (BENCH_SCALE_STORE=embedded): each service's data loaded by bulk writes into the embedded store inside its own process " +
    "(services/*/scripts/serve-bench.ts: main.ts's wiring plus the load)",
};

export function renderReport(results: SizeResult[], meta: { shape: StoreShape; requests: number; steadyS: number; commit: string }): string {
  const first = results[0] as SizeResult;
  const last = results[results.length - 1] as SizeResult;
  const sizes = results.map((r) => r.n.toLocaleString('en-US'));
  const head = (what: string) => [`| ${what} | ${sizes.join(' | ')} | ${last.n / first.n}x data |`, `|---|${sizes.map(() => '---:').join('|')}|---:|`];
  const out: string[] = [
    MARK_START,
    '## Scale (bun run bench:scale)',
    '',
    `At ${meta.commit}, on this 2-core machine: for each size N, N services and N talent profiles of synthetic data (deterministic, every language), ${SHAPES[meta.shape]}; ` +
      `the real gateway in front (in-memory limiter). ` +
      `Reads are ${meta.requests} sequential requests through the gateway after 5 warm-up ones (p50 / p99 in ms, to the last byte); the last column is the p50 ratio largest/smallest. ` +
      `The bench keeps only the slugs it requests and collects its own garbage before timing; the steady phase starts after 5 s of quiet.`,
    '',
    '### Reads through the gateway (p50 / p99 ms)',
    '',
    ...head('operation'),
  ];
  for (const op of Object.keys(first.reads)) {
    const cells = results.map((r) => `${f(r.reads[op]?.p50 ?? Number.NaN)} / ${f(r.reads[op]?.p99 ?? Number.NaN)}`);
    out.push(`| ${op} | ${cells.join(' | ')} | ${ratio(first.reads[op]?.p50 ?? Number.NaN, last.reads[op]?.p50 ?? Number.NaN)} |`);
  }
  out.push('', '### Whole lists and site files (p50 / p99 ms full body; p50 ms of the 304 to a matching If-None-Match; size)', '', ...head('answer'));
  for (const path of Object.keys(first.whole)) {
    const cells = results.map((r) => {
      const w = r.whole[path];
      return w ? `${f(w.p50)} / ${f(w.p99)}; 304: ${f(w.p50304)}; ${(w.bytes / 1024).toFixed(0)} KiB` : 'n/a';
    });
    out.push(`| GET ${path} | ${cells.join(' | ')} | ${ratio(first.whole[path]?.p50 ?? Number.NaN, last.whole[path]?.p50 ?? Number.NaN)} |`);
  }
  out.push(
    '',
    `### Quotes and carts at a steady 10 req/s for ${meta.steadyS} s (half GET quote, half POST /jobs/pricing)`,
    '',
    ...head('measure'),
    `| p50 / p99 ms | ${results.map((r) => `${f(r.steady.p50)} / ${f(r.steady.p99)}`).join(' | ')} | ${ratio(first.steady.p99, last.steady.p99)} (p99) |`,
    `| 504s / other errors | ${results.map((r) => `${r.steady.timeouts} / ${r.steady.errors}`).join(' | ')} | |`,
    '',
    '### Site files, start-up and memory',
    '',
    ...head('measure'),
    `| first site-file build after gateway start, ms | ${results.map((r) => f(r.site.readyMs)).join(' | ')} | ${ratio(first.site.readyMs, last.site.readyMs)} |`,
    `| sitemap URLs found / expected (missing) | ${results.map((r) => `${r.site.urls} / ${r.site.expected} (${r.site.missing})`).join(' | ')} | |`,
    ...startRows('catalog', results, (r) => r.startup.catalog),
    ...startRows('talent', results, (r) => r.startup.talent),
    `| gateway: spawn to /healthz, ms | ${results.map((r) => f(r.startup.gatewayMs)).join(' | ')} | ${ratio(first.startup.gatewayMs, last.startup.gatewayMs)} |`,
    meta.shape === 'mongodb'
      ? `| RSS catalog / talent / gateway / database, MB (after the run) | ${results.map((r) => `${r.rss.catalog} / ${r.rss.talent} / ${r.rss.gateway} / ${r.rss.database}`).join(' | ')} | |`
      : `| RSS catalog / talent / gateway, MB (after the run) | ${results.map((r) => `${r.rss.catalog} / ${r.rss.talent} / ${r.rss.gateway}`).join(' | ')} | |`,
    MARK_END,
  );
  return out.join('\n');
}

/** A service's start-up rows: its load, start-up with the data stored, and (embedded) spawn to ready with the load. */
function startRows(name: string, results: SizeResult[], of: (r: SizeResult) => ServiceStart): string[] {
  const first = of(results[0] as SizeResult);
  const last = of(results[results.length - 1] as SizeResult);
  const row = (what: string, pick: (s: ServiceStart) => number | undefined) =>
    `| ${name}: ${what}, ms | ${results.map((r) => f(pick(of(r)) ?? Number.NaN)).join(' | ')} | ${ratio(pick(first) ?? Number.NaN, pick(last) ?? Number.NaN)} |`;
  const rows = [row('load N by bulk writes', (s) => s.loadMs), row('start-up with the data stored', (s) => s.startMs)];
  if (first.spawnMs !== undefined) rows.push(row('spawn to ready, load included', (s) => s.spawnMs));
  return rows;
}

/** The bench:scale section of a BENCHMARKS.md text (markers included), or '' when it has none. */
export function scaleSectionOf(text: string): string {
  const start = text.indexOf(MARK_START);
  const end = text.indexOf(MARK_END);
  return start >= 0 && end > start ? text.slice(start, end + MARK_END.length) : '';
}

/** Replaces the bench:scale section of BENCHMARKS.md (or appends it), leaving every other section as it is. */
export async function writeBenchmarks(path: string, report: string): Promise<void> {
  const text = await Bun.file(path)
    .text()
    .catch(() => '');
  const start = text.indexOf(MARK_START);
  const end = text.indexOf(MARK_END);
  const next = start >= 0 && end > start ? `${text.slice(0, start)}${report}${text.slice(end + MARK_END.length)}` : `${text.trimEnd()}\n\n${report}\n`;
  await Bun.write(path, next);
}
