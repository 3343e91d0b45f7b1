/**
 * bun scripts/bench-scale/startup.ts — start-up over the driver, phase by phase (docs/scale.md,
 * "Fifth pass"). Loads BENCH_SCALE_N (default 100,000) synthetic services and profiles into the
 * wire-level stand-in (store.ts, each service's load-bench.ts), then for catalog and talent, one
 * at a time (each alone on the stand-in):
 * - its scripts/startup-phases.ts: the snapshot read raw, the driver's decoding, the build over
 *   the decoded batches, the index pass after it and the full collection, each timed alone
 *   (BENCH_STARTUP_PROF=<dir>: with Bun's --cpu-prof, a profile and its markdown per service);
 * - its real main.ts, BENCH_STARTUP_ROUNDS times (default 2): spawn to the first /readyz 200, and
 *   the peak RSS since spawn (VmHWM) then.
 * BENCH_STARTUP_PHASES=0 skips the phases (main.ts only).
 * Prints one JSON line per measurement. Nothing else runs meanwhile (no gateway). `--write` also
 * replaces the bench:startup section of BENCHMARKS.md (issue 26's start-up target) with this run's
 * figures; `bun run bench` and bench:scale keep that section as it is.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_INTERNAL_HEADERS, createProcessGroup, freePort, type Started, waitFor } from '../bench/processes.ts';
import { logged, repoRoot, spawnScript, url } from './backends.ts';
import { memoryMb } from './measure.ts';
import { renderStartup, type StartupRound, writeSection } from './report.ts';

const n = Number(process.env.BENCH_SCALE_N ?? 100_000);
const rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 2);
const profDir = process.env.BENCH_STARTUP_PROF;
const only = (process.env.BENCH_STARTUP_SERVICES ?? 'catalog,talent').split(',');
const logDir = mkdtempSync(join(tmpdir(), `bench-startup-${n}-`));
const group = createProcessGroup(logDir);
const env = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '', BENCH_SCALE_N: String(n), LOG_LEVEL: 'info' };
const print = (what: string, fields: Record<string, unknown>) => console.log(JSON.stringify({ what, ...fields }));
const roundsDone: StartupRound[] = [];
const phasesDone: Record<string, Record<string, number>> = {};
const loadAtStart = await loadAverage();

try {
  // BENCH_STARTUP_MONGODB_URL: a database already loaded with BENCH_SCALE_N services and profiles
  // (a stand-in started by hand, or a real MongoDB), to time changes to the services without
  // loading 200k documents again.
  const given = process.env.BENCH_STARTUP_MONGODB_URL;
  let database: Started | undefined;
  let mongoUrl = given ?? '';
  if (!given) {
    const dbPort = freePort();
    database = spawnScript(group, env, 'database', 'scripts/bench-scale/store.ts', { PORT: String(dbPort) });
    await waitFor('database', async () => (await Bun.file(database?.logFile ?? '').text()).includes('listening'), [database]);
    mongoUrl = `mongodb://127.0.0.1:${dbPort}/?directConnection=true`;
  }
  const onDatabase = { MONGODB_URL: mongoUrl, SEED: 'never' };
  print('log directory', { logDir, loadAverage: await loadAverage() });
  if (database) {
    for (const service of ['talent', 'catalog']) {
      const load = spawnScript(group, env, `${service}-load`, `services/${service}/scripts/load-bench.ts`, onDatabase);
      if ((await load.proc.exited) !== 0) throw new Error(`${load.name} failed; see ${load.logFile}`);
      print('loaded', { service, n, loadedMs: await logged(load, 'loaded', 'loadedMs'), warmedMs: await logged(load, 'loaded', 'warmedMs') });
    }
    print('stand-in after the loads', { pid: database.pid, url: mongoUrl, ...(await memoryMb(database.pid)), loadAverage: await loadAverage() });
  }
  for (const service of only) {
    if (process.env.BENCH_STARTUP_PHASES !== '0') await phasesOf(service, onDatabase);
    for (let round = 1; round <= rounds; round++) {
      const port = freePort();
      const spawnedAt = performance.now();
      const s = spawnScript(group, env, `${service}-${round}`, `services/${service}/src/main.ts`, { ...onDatabase, PORT: String(port) });
      await waitFor(
        `${service}'s /readyz 200`,
        async () => (await fetch(`${url(port)}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200,
        [s],
        600_000,
      );
      const readyMs = Math.round(performance.now() - spawnedAt);
      const first = await firstRequests(service, url(port));
      const mem = await memoryMb(s.pid);
      const load = await loadAverage();
      print('main.ts ready', { service, round, readyMs, peakMb: mem.peak, rssMb: mem.rss, firstRequestsMs: first, loadAverage: load });
      roundsDone.push({ service, round, readyMs, peakMb: mem.peak, slowestFirstMs: Math.max(0, ...Object.values(first)), loadAverage: load });
      await group.stop([s]);
    }
  }
  if (database) print('stand-in at the end', { ...(await memoryMb(database.pid)) });
  if (process.argv.includes('--write')) {
    const commit = Bun.spawnSync(['git', 'rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).stdout.toString().trim();
    const report = renderStartup({
      n,
      commit,
      at: new Date(),
      loadBefore: loadAtStart,
      loadAfter: await loadAverage(),
      rounds: roundsDone,
      phases: phasesDone,
    });
    await writeSection(join(repoRoot, 'BENCHMARKS.md'), 'startup', report);
    print('wrote', { file: 'BENCHMARKS.md', section: 'startup' });
  }
} finally {
  await group.stopAll();
}

/**
 * The first requests right after /readyz said 200, sent at once, each timed to its response's
 * headers (a streamed index's body takes longer to send, but its ETag pass is done by then):
 * "ready" must mean they are answered from the snapshot, each well under a second.
 */
async function firstRequests(service: string, base: string): Promise<Record<string, number>> {
  const paths =
    service === 'catalog'
      ? ['/services?limit=20', '/services/catalog', '/services/senior-angular-developer-1/quote?hours=50', '/internal/service-index.ndjson']
      : [];
  const timed = await Promise.all(
    paths.map(async (path) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: path.startsWith('/internal/') ? BENCH_INTERNAL_HEADERS : {}, signal: AbortSignal.timeout(30_000) });
      const ms = Math.round(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${service} ${path}: ${res.status} right after ready`);
      await res.body?.cancel();
      return [path, ms] as const;
    }),
  );
  return Object.fromEntries(timed);
}

/** The service's scripts/startup-phases.ts, each phase timed alone (with BENCH_STARTUP_PROF, profiled). */
async function phasesOf(service: string, onDatabase: Record<string, string>): Promise<void> {
  const file = join(repoRoot, `services/${service}/scripts/startup-phases.ts`);
  const cmd = profDir
    ? [process.execPath, '--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${service}.cpuprofile`, file]
    : [process.execPath, file];
  const phases = group.spawn(`${service}-phases`, cmd, { ...env, ...onDatabase }, repoRoot);
  if ((await phases.proc.exited) !== 0) throw new Error(`${phases.name} failed; see ${phases.logFile}`);
  const line = (await Bun.file(phases.logFile).text()).split('\n').find((l) => l.includes('"msg":"startup phases"')) ?? '{}';
  const { ts: _ts, level: _level, service: _service, msg: _msg, bytes, ...timed } = JSON.parse(line) as Record<string, number>;
  const mb = Math.round((bytes ?? 0) / 2 ** 20);
  phasesDone[service] = { mb, ...timed };
  print('phases', { service, mb, ...timed, loadAverage: await loadAverage() });
}

async function loadAverage(): Promise<string> {
  return (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ');
}
