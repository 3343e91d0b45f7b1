/** The bench's output: the machine it ran on, the table of cases, the ratios, and BENCHMARKS.md. */
import { cpus, release, totalmem } from 'node:os';
import type { LoadResult } from './load.ts';

/** The three paths to the same catalog process: (a), (b), (c). */
export type Target = 'gateway' | 'nginx' | 'catalog';
/** The two operations the issue asks to drive. */
export type Endpoint = 'GET /api/services/catalog' | 'POST /api/jobs/pricing';

/** One measured (or skipped) case. */
export interface CaseResult {
  target: Target;
  endpoint: Endpoint;
  auth: 'anonymous' | 'bearer';
  result?: LoadResult;
  skipped?: string;
}

/** How each target is named in the tables. */
export const TARGET_LABEL: Record<Target, string> = {
  gateway: '(a) gateway, every policy on',
  nginx: '(b) nginx reverse proxy',
  catalog: '(c) catalog direct',
};

/** What the numbers were measured on. */
export async function describeMachine(versions: Record<string, string>): Promise<Record<string, string>> {
  const cpuinfo = await Bun.file('/proc/cpuinfo').text().catch(() => '');
  const osRelease = await Bun.file('/etc/os-release').text().catch(() => '');
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

/** A Markdown table of every case. */
export function resultsTable(cases: CaseResult[]): string {
  const rows = cases.map((c) =>
    c.result
      ? `| ${c.endpoint} | ${c.auth} | ${TARGET_LABEL[c.target]} | ${fmt(c.result.requestsPerS)} | ${fmt(c.result.p50Ms, 2)} | ${fmt(c.result.p99Ms, 2)} | ${fmt(c.result.requests)} | ${c.result.non2xx} | ${c.result.socketErrors} |`
      : `| ${c.endpoint} | ${c.auth} | ${TARGET_LABEL[c.target]} | not run: ${c.skipped ?? 'unknown'} | | | | | |`,
  );
  return ['| endpoint | caller | through | requests/s | p50 ms | p99 ms | requests | non-2xx | socket errors |', '|---|---|---|--:|--:|--:|--:|--:|--:|', ...rows].join('\n');
}

/** Issue 4's target for the full-policy gateway: at least this share of nginx's throughput, with p99 under this. */
export const TARGET = { ratio: 0.4, p99Ms: 10 };

/** Throughput ratios a/b and a/c for each endpoint and caller, plus the gateway's p99. */
export function ratiosTable(cases: CaseResult[]): string {
  const groups = new Map<string, Partial<Record<Target, LoadResult>>>();
  for (const c of cases) {
    const key = `${c.endpoint}|${c.auth}`;
    const g = groups.get(key) ?? {};
    if (c.result) g[c.target] = c.result;
    groups.set(key, g);
  }
  const ratio = (a?: LoadResult, b?: LoadResult) => (a && b && b.requestsPerS > 0 ? (a.requestsPerS / b.requestsPerS).toFixed(2) : 'n/a');
  const rows = [...groups].map(([key, g]) => {
    const [endpoint, auth] = key.split('|');
    const meets = g.gateway && g.nginx ? (g.gateway.requestsPerS / g.nginx.requestsPerS >= TARGET.ratio && g.gateway.p99Ms < TARGET.p99Ms ? 'yes' : 'no') : 'n/a';
    return `| ${endpoint} | ${auth} | ${ratio(g.gateway, g.nginx)} | ${ratio(g.gateway, g.catalog)} | ${ratio(g.nginx, g.catalog)} | ${g.gateway ? fmt(g.gateway.p99Ms, 2) : 'n/a'} | ${meets} |`;
  });
  return [
    '| endpoint | caller | a/b (gateway / nginx) | a/c (gateway / direct) | b/c (nginx / direct) | gateway p99 ms | meets target |',
    '|---|---|--:|--:|--:|--:|:-:|',
    ...rows,
  ].join('\n');
}

/** The machine as a Markdown list. */
export function machineList(machine: Record<string, string>): string {
  return Object.entries(machine)
    .map(([k, v]) => `- ${k}: ${v}`)
    .join('\n');
}
