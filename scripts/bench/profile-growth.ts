/**
 * `bun scripts/bench/profile-growth.ts`: where OFREP bulk evaluation's time goes (issue 23).
 * First the in-process cost of one bulk evaluation (services/growth/src/bench/bulk-cost.ts),
 * then the bench's system with growth under Bun's CPU profiler (`--cpu-prof`): wrk at 64
 * connections drives GET /api/services/catalog and POST /ofrep/v1/evaluate/flags (the bench's
 * 50 flags x 5 rules) through the gateway, and the OFREP request straight to growth; each case
 * prints req/s, p99 and CPU microseconds per request of the gateway and of the service behind it
 * (from /proc, so a loaded machine changes them less than req/s). Then growth is stopped so it
 * writes its profile, and the 25 costliest functions (self time) are printed (PROFILE_PROCESS=gateway:
 * the gateway's instead). docs/flags.md has
 * the figures before and after issue 23's work.
 *
 * Knobs: PROFILE_DURATION_S (8), PROFILE_WARMUP_S (2), PROFILE_CONNECTIONS (64), PROFILE_ROUNDS
 * (2), PROFILE_CPU_PROF (0: no profiler, whose sampling costs CPU), PROFILE_IN_PROCESS (0: skip the in-process
 * figure), BENCH_REDIS_URL. Every process
 * it starts is stopped by PID.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measureBulkCost } from '@tm/growth/bench/bulk-cost';
import { ofrepCase, prepareGrowth } from './growth.ts';
import { type LoadCase, runningLoad } from './load.ts';
import { cpuSeconds, createProcessGroup } from './processes.ts';
import { deleteRedisKeys } from './redis-keys.ts';
import { obtainAccessToken, startBenchSystem } from './system.ts';
import { num, wrkAndNginx } from './tools.ts';

const repoRoot = resolve(import.meta.dir, '../..');
const durationS = num('PROFILE_DURATION_S', 8);
const warmupS = num('PROFILE_WARMUP_S', 2);
const connections = num('PROFILE_CONNECTIONS', 64);
const rounds = num('PROFILE_ROUNDS', 2);
const profiling = process.env.PROFILE_CPU_PROF !== '0';
/** PROFILE_PROCESS=gateway profiles the gateway instead of growth. */
const profiled = process.env.PROFILE_PROCESS === 'gateway' ? 'gateway' : 'growth';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (msg: string) => console.log(`[profile-growth] ${msg}`);
const workDir = mkdtempSync(join(tmpdir(), 'tm-profile-growth-'));
const profileDir = join(workDir, 'profile');
const group = createProcessGroup(workDir);
const redisPrefix = `profile-growth:${crypto.randomUUID()}:`;

/** The costliest functions of a Chrome .cpuprofile by self samples. */
function topFunctions(file: string, count = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const f = byId.get(id)?.callFrame;
    const name = f
      ? `${f.functionName || '(anonymous)'} ${f.url.replace(`file://${repoRoot}/`, '').replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}`
      : '?';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const rows = [...counts].sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `${total} samples of ${profiled}'s JS thread`,
    '| function (self) | samples |',
    '|---|--:|',
    ...rows.map(([f, n]) => `| ${f} | ${((100 * n) / total).toFixed(1)}% |`),
  ].join('\n');
}

async function main() {
  if (process.env.PROFILE_IN_PROCESS !== '0') {
    const cost = await measureBulkCost();
    log(
      `in process: repeated context ${cost.repeatedUs.toFixed(1)} us CPU per bulk evaluation, new device each time ${cost.newDeviceUs.toFixed(1)} us (${cost.bodyBytes} bytes)`,
    );
  }
  const { load, nginxPath } = await wrkAndNginx(workDir);
  const system = await startBenchSystem({
    group,
    repoRoot,
    workDir,
    redisUrl,
    redisPrefix,
    nginxPath,
    [`${profiled}BunArgs`]: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${profiled}.cpuprofile`] : [],
  });
  if (!system.growth || system.authProblem) throw new Error(`growth and auth must run: ${system.authProblem ?? 'no services/growth'}`);
  await prepareGrowth(system.gateway, await obtainAccessToken(system.gateway, system.admin), []);
  const pid = (name: string) => group.started.find((s) => s.name === name)?.pid ?? 0;
  const cases: { name: string; c: LoadCase; service: string; viaGateway: boolean }[] = [
    { name: 'catalog via gateway', c: { url: `${system.gateway}/api/services/catalog`, method: 'GET' }, service: 'catalog', viaGateway: true },
    { name: 'OFREP bulk via gateway', c: ofrepCase(system.gateway), service: 'growth', viaGateway: true },
    { name: 'OFREP bulk direct', c: ofrepCase(system.growth), service: 'growth', viaGateway: false },
  ];
  log(`load average before: ${loadavg().map((l) => l.toFixed(2))}`);
  for (let round = 1; round <= rounds; round++) {
    const rps = new Map<string, number>();
    for (const { name, c, service, viaGateway } of cases) {
      await load.run(c, { durationS: warmupS, connections });
      const before = { gateway: cpuSeconds(pid('gateway')), service: cpuSeconds(pid(service)) };
      const r = await load.run(c, { durationS, connections });
      const us = (proc: string, start: number) => (((cpuSeconds(pid(proc)) - start) * 1e6) / r.requests).toFixed(0);
      rps.set(name, r.requestsPerS);
      const catalog = rps.get('catalog via gateway');
      log(
        `round ${round}: ${name}: ${Math.round(r.requestsPerS)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, non-2xx ${r.non2xx}, CPU per request: ` +
          `${viaGateway ? `gateway ${us('gateway', before.gateway)} us, ` : ''}${service} ${us(service, before.service)} us` +
          `${catalog && name !== 'catalog via gateway' && viaGateway ? `; ${(r.requestsPerS / catalog).toFixed(2)} of the catalog` : ''}`,
      );
    }
  }
  log(`load average after: ${loadavg().map((l) => l.toFixed(2))}`);
  if (!profiling) return;
  const stopped = group.started.find((s) => s.name === profiled);
  if (stopped) {
    process.kill(stopped.pid, 'SIGTERM');
    await stopped.proc.exited;
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${profiled} wrote no profile into ${profileDir}`);
  console.log(`\n${topFunctions(join(profileDir, file))}\n`);
  log(`profile: ${join(profileDir, file)}; logs in ${workDir}`);
}

try {
  await main();
} catch (err) {
  console.error(`[profile-growth] failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  for (const proc of runningLoad) proc.kill('SIGKILL');
  await group.stopAll();
  await deleteRedisKeys(redisUrl, redisPrefix).catch((err) => log(`could not delete the run's Redis keys (${redisPrefix}*): ${err}`));
}
