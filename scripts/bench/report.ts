/** The bench's output: the machine it ran on, the table of cases, the ratios, and BENCHMARKS.md. */
import { cpus, release, totalmem } from 'node:os';
import type { LoadResult } from './load.ts';

/**
 * The paths to the same catalog process: (a), (b), (c), (d) the bare Bun fetch proxy (the floor
 * under the gateway: Bun as a proxy without any policy), and with BENCH_GATEWAY_SERVER=both a
 * second gateway (a') served through node:http (HTTP_SERVER=node) next to the Bun.serve one.
 */
export type Target = 'gateway' | 'gateway-node' | 'nginx' | 'catalog' | 'bare';
/** The two operations the issue asks to drive. */
export type Endpoint = 'GET /api/services/catalog' | 'POST /api/jobs/pricing';

/** One case (target, endpoint, caller) over every round of the run, or why it was skipped. */
export interface CaseResult {
  target: Target;
  endpoint: Endpoint;
  auth: 'anonymous' | 'bearer';
  /** One measurement per slice of each round, in order (measurement i of every target of one endpoint and caller ran in the same slice). */
  rounds?: LoadResult[];
  skipped?: string;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A case's rounds in one row: medians of the rates and percentiles, the p99 range, totals of the counts. */
export interface CaseSummary {
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  p99MinMs: number;
  p99MaxMs: number;
  requests: number;
  non2xx: number;
  socketErrors: number;
}

/** One case's rounds summarized for the results table (see CaseSummary). */
export function summarize(rounds: readonly LoadResult[]): CaseSummary {
  const p99s = rounds.map((r) => r.p99Ms);
  const total = (pick: (r: LoadResult) => number) => rounds.reduce((sum, r) => sum + pick(r), 0);
  return {
    requestsPerS: median(rounds.map((r) => r.requestsPerS)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(p99s),
    p99MinMs: Math.min(...p99s),
    p99MaxMs: Math.max(...p99s),
    requests: total((r) => r.requests),
    non2xx: total((r) => r.non2xx),
    socketErrors: total((r) => r.socketErrors),
  };
}

/** How each target is named in the tables. */
export const TARGET_LABEL: Record<Target, string> = {
  gateway: '(a) gateway, every policy on',
  'gateway-node': "(a') gateway over node:http (HTTP_SERVER=node)",
  nginx: '(b) nginx reverse proxy',
  catalog: '(c) catalog direct',
  bare: '(d) bare Bun fetch proxy, no policy',
};

/** What the numbers were measured on. */
export async function describeMachine(versions: Record<string, string>): Promise<Record<string, string>> {
  const cpuinfo = await Bun.file('/proc/cpuinfo')
    .text()
    .catch(() => '');
  const osRelease = await Bun.file('/etc/os-release')
    .text()
    .catch(() => '');
  return {
    nproc: String(navigator.hardwareConcurrency ?? cpus().length),
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown',
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: /PRETTY_NAME="?([^"\n]+)"?/.exec(osRelease)?.[1] ?? process.platform,
    kernel: release(),
    ...versions,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A Markdown table of every case: medians over the rounds, the p99 range, and totals. */
export function resultsTable(cases: CaseResult[]): string {
  const rows = cases.map((c) => {
    if (!c.rounds || c.rounds.length === 0) return `| ${c.endpoint} | ${c.auth} | ${TARGET_LABEL[c.target]} | not run: ${c.skipped ?? 'unknown'} | | | | | | |`;
    const s = summarize(c.rounds);
    return `| ${c.endpoint} | ${c.auth} | ${TARGET_LABEL[c.target]} | ${fmt(s.requestsPerS)} | ${fmt(s.p50Ms, 2)} | ${fmt(s.p99Ms, 2)} | ${fmt(s.p99MinMs, 2)}-${fmt(s.p99MaxMs, 2)} | ${fmt(s.requests)} | ${s.non2xx} | ${s.socketErrors} |`;
  });
  return [
    '| endpoint | caller | through | requests/s | p50 ms | p99 ms | p99 range ms | requests | non-2xx | socket errors |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
  ].join('\n');
}

/** Issue 25's target for the full-policy gateway: at least this share of nginx's throughput, with p99 under this (issue 4's was 0.40). */
export const TARGET = { ratio: 0.6, p99Ms: 10 };

/**
 * The median over the measurements (rounds x slices) of each one's throughput ratio x/y: measurement
 * i of every target of one endpoint and caller ran in the same slice, seconds apart, so a ratio
 * compares neighbours even when the machine's load drifts.
 */
function medianRatio(x?: LoadResult[], y?: LoadResult[]): number | undefined {
  if (!x || !y) return undefined;
  const ratios = x.flatMap((r, i) => {
    const other = y[i];
    return other && other.requestsPerS > 0 ? [r.requestsPerS / other.requestsPerS] : [];
  });
  return ratios.length > 0 ? median(ratios) : undefined;
}

/** Whether one slice of the gateway met the target against nginx's slice next to it. */
function roundMeetsTarget(gateway: LoadResult, nginx: LoadResult | undefined): boolean {
  return nginx !== undefined && nginx.requestsPerS > 0 && gateway.requestsPerS / nginx.requestsPerS >= TARGET.ratio && gateway.p99Ms < TARGET.p99Ms;
}

/** Throughput ratios a/b and a/c for each endpoint and caller, the gateway's p99, and the target verdict. */
export function ratiosTable(cases: CaseResult[]): string {
  const groups = new Map<string, Partial<Record<Target, LoadResult[]>>>();
  for (const c of cases) {
    const key = `${c.endpoint}|${c.auth}`;
    const g = groups.get(key) ?? {};
    if (c.rounds && c.rounds.length > 0) g[c.target] = c.rounds;
    groups.set(key, g);
  }
  const show = (r: number | undefined) => (r === undefined ? 'n/a' : r.toFixed(2));
  const rows = [...groups].map(([key, g]) => {
    const [endpoint, auth] = key.split('|');
    const ab = medianRatio(g.gateway, g.nginx);
    const p99 = g.gateway ? summarize(g.gateway).p99Ms : undefined;
    const meets = ab === undefined || p99 === undefined ? 'n/a' : ab >= TARGET.ratio && p99 < TARGET.p99Ms ? 'yes' : 'no';
    const slicesMet = g.gateway && g.nginx ? `${g.gateway.filter((r, i) => roundMeetsTarget(r, g.nginx?.[i])).length}/${g.gateway.length}` : 'n/a';
    const bare = `${show(medianRatio(g.bare, g.nginx))} | ${show(medianRatio(g.gateway, g.bare))}`;
    return `| ${endpoint} | ${auth} | ${show(ab)} | ${show(medianRatio(g.gateway, g.catalog))} | ${show(medianRatio(g.nginx, g.catalog))} | ${bare} | ${p99 === undefined ? 'n/a' : fmt(p99, 2)} | ${meets} | ${slicesMet} |`;
  });
  return [
    '| endpoint | caller | a/b (gateway / nginx) | a/c (gateway / direct) | b/c (nginx / direct) | d/b (bare Bun / nginx) | a/d (gateway / bare Bun) | gateway p99 ms | meets target | slices meeting it |',
    '|---|---|--:|--:|--:|--:|--:|--:|:-:|:-:|',
    ...rows,
  ].join('\n');
}

/** The machine as a Markdown list. */
export function machineList(machine: Record<string, string>): string {
  return Object.entries(machine)
    .map(([k, v]) => `- ${k}: ${v}`)
    .join('\n');
}

/**
 * With BENCH_GATEWAY_SERVER=both: the node:http gateway's throughput over the Bun.serve one's (a'/a,
 * per-round medians, both in the same round) and both p99s; empty when a' was not measured.
 */
export function gatewayServerTable(cases: CaseResult[]): string {
  const rows = cases.flatMap((node) => {
    if (node.target !== 'gateway-node' || !node.rounds?.length) return [];
    const bun = cases.find((c) => c.target === 'gateway' && c.endpoint === node.endpoint && c.auth === node.auth)?.rounds;
    if (!bun?.length) return [];
    const ratio = medianRatio(node.rounds, bun);
    return [
      `| ${node.endpoint} | ${node.auth} | ${ratio === undefined ? 'n/a' : ratio.toFixed(2)} | ${fmt(summarize(bun).p99Ms, 2)} | ${fmt(summarize(node.rounds).p99Ms, 2)} |`,
    ];
  });
  if (rows.length === 0) return '';
  return ["| endpoint | caller | a'/a (node:http / Bun.serve) | Bun.serve p99 ms | node:http p99 ms |", '|---|---|--:|--:|--:|', ...rows].join('\n');
}
