/**
 * `bun scripts/bench/upstream-client.ts`: what the upstream hop costs with Bun's `fetch` and with
 * a pooled HTTP/1.1 client over `Bun.connect` (issue 25, docs/benchmarks.md "Upstream client").
 * Starts talent and catalog as the bench does, nginx in front of the catalog, and the bare proxy
 * (scripts/bench/bare-proxy.ts) once per client, each its own process; then drives
 * `GET /api/services/catalog` with wrk through each in turn, the order rotated every round, and
 * prints requests/s, p99 and each proxy's CPU time per request (user + system from /proc, all its
 * threads: Bun's HTTP client thread included), with medians and per-round ratios to fetch.
 * Knobs: UC_ROUNDS (5), UC_DURATION_S (5), UC_CONNECTIONS (64), UC_CASES (comma list of
 * nginx, fetch, proto; default all), UC_CPU_PROF (a folder: the proxies run under the CPU profiler).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { READY_PATH } from '@tm/shared';
import { createWrk, runningLoad } from './load.ts';
import { startNginx } from './nginx.ts';
import { answersOk, cpuSeconds, createProcessGroup, freePort, waitFor } from './processes.ts';
import { ensureProgram, num } from './tools.ts';

/** CPU seconds of the process's main thread alone (the JS thread: the gateway thread of a gateway). */
function mainThreadSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const CASES = ['nginx', 'fetch', 'proto'] as const;
type Case = (typeof CASES)[number];

const rounds = num('UC_ROUNDS', 5);
const durationS = num('UC_DURATION_S', 5);
const connections = num('UC_CONNECTIONS', 64);
const wanted = (process.env.UC_CASES ?? CASES.join(',')).split(',').filter((c): c is Case => (CASES as readonly string[]).includes(c));

/** UC_CPU_PROF=<dir>: the bare proxies run under Bun's CPU profiler, one <case>.cpuprofile each (PROFILE_SUMMARIZE=<file> bun scripts/bench/profile-gateway.ts reads one). */
const profileDir = process.env.UC_CPU_PROF;
const repoRoot = join(import.meta.dir, '../..');
const wrkPath = ensureProgram('wrk', ['wrk']);
const nginxPath = ensureProgram('nginx', ['nginx-light', 'nginx']);
if (!wrkPath || !nginxPath) throw new Error('wrk and nginx are needed (apt-get install -y wrk nginx-light)');
const workDir = mkdtempSync(join(tmpdir(), 'tm-upstream-client-'));
const group = createProcessGroup(workDir);
const url = (port: number) => `http://127.0.0.1:${port}`;

try {
  const load = await createWrk(wrkPath, workDir, 'wrk');
  const common = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '' };
  const talentPort = freePort();
  const catalogPort = freePort();
  const service = (name: string, env: Record<string, string>) =>
    group.spawn(name, [process.execPath, join(repoRoot, 'services', name, 'src', 'main.ts')], { ...common, ...env }, repoRoot);
  const talent = service('talent', { PORT: String(talentPort) });
  const catalog = service('catalog', { PORT: String(catalogPort), TALENT_URL: url(talentPort) });
  await waitFor('talent', () => answersOk(`${url(talentPort)}${READY_PATH}`), [talent]);
  await waitFor('catalog', () => answersOk(`${url(catalogPort)}${READY_PATH}`), [catalog]);

  const targets = new Map<Case, { url: string; pid: number }>();
  for (const c of wanted) {
    const port = freePort();
    const p =
      c === 'nginx'
        ? await startNginx(group, { nginxPath, dir: workDir, port, upstreamPort: catalogPort, cwd: repoRoot })
        : group.spawn(
            `bare-${c}`,
            [
              process.execPath,
              ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${c}.cpuprofile`] : []),
              join(repoRoot, 'scripts', 'bench', 'bare-proxy.ts'),
            ],
            { ...common, PORT: String(port), UPSTREAM_URL: url(catalogPort), UPSTREAM_CLIENT: c },
            repoRoot,
          );
    const target = `${url(port)}/api/services/catalog`;
    await waitFor(c, () => answersOk(target), [p]);
    targets.set(c, { url: target, pid: p.pid });
  }
  const size = (await (await fetch(`${url(catalogPort)}/services/catalog`)).arrayBuffer()).byteLength;
  console.log(`[uc] catalog list: ${size} bytes; ${rounds} rounds of ${durationS} s at ${connections} connections`);
  console.log(`[uc] load average before: ${loadavg().map((l) => l.toFixed(2))}`);
  const rows = new Map<Case, { rps: number[]; p99: number[]; cpu: number[]; main: number[] }>(wanted.map((c) => [c, { rps: [], p99: [], cpu: [], main: [] }]));
  for (let round = 0; round < rounds; round++) {
    const order = wanted.map((_, i) => wanted[(i + round) % wanted.length] as Case);
    for (const c of order) {
      const t = targets.get(c);
      const row = rows.get(c);
      if (!t || !row) continue;
      await load.run({ url: t.url, method: 'GET' }, { durationS: 1, connections });
      const before = cpuSeconds(t.pid);
      const beforeMain = mainThreadSeconds(t.pid);
      const r = await load.run({ url: t.url, method: 'GET' }, { durationS, connections });
      const cpu = ((cpuSeconds(t.pid) - before) * 1e6) / r.requests;
      const main = ((mainThreadSeconds(t.pid) - beforeMain) * 1e6) / r.requests;
      row.main.push(main);
      row.rps.push(r.requestsPerS);
      row.p99.push(r.p99Ms);
      row.cpu.push(cpu);
      console.log(
        `[uc] round ${round + 1}: ${c}: ${Math.round(r.requestsPerS)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, ${cpu.toFixed(1)} us CPU per request (${main.toFixed(1)} us main thread), non-2xx ${r.non2xx}, socket errors ${r.socketErrors}`,
      );
    }
    console.log(`[uc] load average: ${loadavg().map((l) => l.toFixed(2))}`);
  }
  console.log(
    '\n| case | requests/s (median) | p99 ms (median) | CPU us per request (median) | main thread us per request (median) | per round, CPU / fetch | per round, main thread / fetch |\n|---|--:|--:|--:|--:|--|--|',
  );
  const base = rows.get('fetch');
  for (const c of wanted) {
    const row = rows.get(c) as { rps: number[]; p99: number[]; cpu: number[]; main: number[] };
    const ratios = (key: 'cpu' | 'main') => (base ? row[key].map((v, i) => (v / (base[key][i] as number)).toFixed(2)).join(' ') : '');
    // nginx's worker is a child of its master process: no main-thread figure of its own.
    const mainCells = c === 'nginx' ? '- | ' : `${median(row.main).toFixed(1)} | `;
    const mainRatios = c === 'nginx' ? '-' : ratios('main');
    console.log(
      `| ${c} | ${Math.round(median(row.rps))} | ${median(row.p99).toFixed(2)} | ${median(row.cpu).toFixed(1)} | ${mainCells}${ratios('cpu')} | ${mainRatios} |`,
    );
  }
  for (const proc of runningLoad) proc.kill('SIGKILL');
} finally {
  await group.stopAll();
  rmSync(workDir, { recursive: true, force: true });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
