/**
 * bun scripts/bench-scale/rebuild-peak.ts — the catalog's memory through a rebuild of its snapshot
 * (issue 26: no second full copy during a rebuild, VmHWM under 1 GB). Spawns
 * services/catalog/scripts/serve-bench-tail.ts (main.ts's wiring on the embedded store, loaded with
 * REBUILD_PEAK_N services, then built), waits for it to be ready, reads its NDJSON index once, then
 * for each of REBUILD_PEAK_ROUNDS rounds: reads both indexes in full (what search and the site files
 * do after a change; the garbage serving leaves), resets the kernel's high-water mark
 * (/proc/<pid>/clear_refs 5), sends SIGUSR2 (one service's `updatedAt` moved, the snapshot rebuilt),
 * probes /healthz one request after another while it runs, and prints the peak (VmHWM), the RSS
 * sampled every 100 ms, the RSS at the end and 5 s later, the slowest probe and the load average.
 *
 * REBUILD_PEAK_TREE runs the same from another checkout (a copy of an older commit with its
 * node_modules), to interleave before and after in one session; REBUILD_PEAK_LABEL names the line.
 */

import { join } from 'node:path';
import { generateServiceCredential, SERVICE_CREDENTIAL_HEADER } from '@tm/shared/http';
import { SERVICE_RUNTIME_ENV } from '@tm/shared/process';
import { freePort } from '../bench/processes.ts';

const repoRoot = join(import.meta.dir, '..', '..');
const tree = process.env.REBUILD_PEAK_TREE ?? repoRoot;
const n = process.env.REBUILD_PEAK_N ?? '100000';
const rounds = Number(process.env.REBUILD_PEAK_ROUNDS ?? 3);
const label = process.env.REBUILD_PEAK_LABEL ?? tree;
const credential = generateServiceCredential('bench');
const headers = { [SERVICE_CREDENTIAL_HEADER]: credential };
const port = freePort();
const base = `http://127.0.0.1:${port}`;

const mb = (kb: string | undefined) => Math.round(Number(kb ?? 0) / 1024);
async function memory(pid: number): Promise<{ hwm: number; rss: number }> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return { hwm: mb(status.match(/VmHWM:\s+(\d+)/)?.[1]), rss: mb(status.match(/VmRSS:\s+(\d+)/)?.[1]) };
}
const loadavg = async () => (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' / ');

const child = Bun.spawn([process.execPath, join(tree, 'services/catalog/scripts/serve-bench-tail.ts')], {
  cwd: tree,
  env: {
    ...process.env,
    ...SERVICE_RUNTIME_ENV,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    MONGODB_URL: '',
    BENCH_SCALE_N: n,
    PORT: String(port),
    TALENT_URL: 'http://127.0.0.1:9',
    SERVICE_CREDENTIAL: credential,
    SERVICE_CREDENTIALS_ACCEPTED: credential,
  },
  stdout: 'pipe',
  stderr: 'inherit',
});
let log = '';
void (async () => {
  const decoder = new TextDecoder();
  const reader = child.stdout.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) log += decoder.decode(r.value, { stream: true });
})();
async function line(msg: string, from: number): Promise<Record<string, unknown>> {
  const find = () =>
    log
      .slice(from)
      .split('\n')
      .find((l) => l.includes(`"msg":"${msg}"`));
  while (!find()) {
    if (child.exitCode !== null) throw new Error(`catalog exited (${child.exitCode}) before "${msg}"`);
    await Bun.sleep(100);
  }
  return JSON.parse(find() as string) as Record<string, unknown>;
}
async function readAll(path: string): Promise<void> {
  const res = await fetch(`${base}${path}`, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
}

try {
  let sampled = 0;
  const sampler = setInterval(() => {
    memory(child.pid).then(
      (m) => {
        sampled = Math.max(sampled, m.rss);
      },
      () => {},
    );
  }, 100);
  const loaded = await line('loaded', 0);
  await Bun.sleep(3_000);
  await readAll('/internal/service-index.ndjson');
  const ready = await memory(child.pid);
  console.log(JSON.stringify({ label, n, readyMs: loaded.readyMs, peakFromSpawn: ready.hwm, rss: ready.rss, load: await loadavg() }));
  for (let round = 0; round < rounds; round++) {
    await readAll('/internal/service-index.ndjson');
    await readAll('/internal/service-index');
    await Bun.write(`/proc/${child.pid}/clear_refs`, '5');
    const before = await memory(child.pid);
    const from = log.length;
    sampled = 0;
    process.kill(child.pid, 'SIGUSR2');
    let probing = true;
    const probes: number[] = [];
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        probes.push(performance.now() - t);
        await Bun.sleep(20);
      }
    })();
    const rebuilt = await line('rebuilt', from);
    const atEnd = await memory(child.pid);
    await Bun.sleep(1_000); // the collection a turn after the new snapshot serves
    probing = false;
    await prober;
    await Bun.sleep(4_000);
    const after = await memory(child.pid);
    probes.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        label,
        round,
        rssBefore: before.rss,
        peak: after.hwm,
        sampledPeak: sampled,
        rssAtEnd: atEnd.rss,
        rss5s: after.rss,
        heapAtEndMb: rebuilt.heap,
        rebuildMs: rebuilt.ms,
        probes: probes.length,
        probesOver100ms: probes.filter((p) => p > 100).length,
        slowestProbeMs: Math.round(probes.at(-1) ?? 0),
        load: await loadavg(),
      }),
    );
  }
  clearInterval(sampler);
} finally {
  child.kill('SIGTERM');
  await child.exited;
}
