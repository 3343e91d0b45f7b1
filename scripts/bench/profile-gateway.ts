/**
 * `bun scripts/bench/profile-gateway.ts`: where the gateway's time goes under load. Starts the
 * bench's system (real Redis, nginx, the bare Bun proxy) with the gateway under Bun's CPU profiler
 * (`--cpu-prof`), drives `GET /api/services/catalog` with wrk at 64 connections through the
 * catalog directly, nginx, the bare proxy and the gateway (anonymous, then bearer), prints each
 * case's requests/s and p99 and the ratios to nginx of that same pass, then stops the gateway so
 * it writes its profile and prints the profile's self time grouped by where the code lives
 * (the gateway's policy, proxy and service base, Elysia, jose, ioredis and rate-limiter-flexible,
 * Bun's own fetch and server, GC) and the 25 costliest functions. docs/benchmarks.md has the
 * figures it gave before and after issue 25.
 *
 * Knobs: PROFILE_DURATION_S (10, per case), PROFILE_WARMUP_S (2), PROFILE_CONNECTIONS (64),
 * PROFILE_CPU_PROF (0: no profiler), PROFILE_GC_LOG (1: JSC's GC log, pauses per case), PROFILE_ROUNDS (1), PROFILE_TOP (25), BENCH_REDIS_URL, PROFILE_BASELINE (another checkout, e.g.
 * `git worktree add --detach /tmp/before <commit>` with `bun install` there: its gateway is
 * measured beside this one's in the same run, as (a0)). The profile and every log stay in the
 * printed folder. Every process it starts is stopped by PID.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RedisClient } from 'bun';
import { generateSigningKey } from './checkout.ts';
import { createWrk, type LoadCase, runningLoad } from './load.ts';
import { createProcessGroup } from './processes.ts';
import { obtainAccessToken, startBenchSystem } from './system.ts';
import { ensureProgram } from './tools.ts';

const repoRoot = resolve(import.meta.dir, '../..');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const durationS = num('PROFILE_DURATION_S', 10);
const warmupS = num('PROFILE_WARMUP_S', 2);
const connections = num('PROFILE_CONNECTIONS', 64);
const rounds = num('PROFILE_ROUNDS', 1);
const top = num('PROFILE_TOP', 25);
const baselineRoot = process.env.PROFILE_BASELINE ? resolve(process.env.PROFILE_BASELINE) : undefined;
/** PROFILE_CPU_PROF=0: no profiler (its sampling costs the gateway CPU), only the figures and CPU per request. */
const profiling = process.env.PROFILE_CPU_PROF !== '0';
/** PROFILE_GC_LOG=1: the gateways log every collection (JSC's logGC) and the run sums their pauses per case. */
const gcLog = process.env.PROFILE_GC_LOG === '1';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (msg: string) => console.log(`[profile] ${msg}`);

const redisPrefix = `profile:${crypto.randomUUID()}:`;
const workDir = mkdtempSync(join(tmpdir(), 'tm-profile-'));
const profileDir = join(workDir, 'profile');
const group = createProcessGroup(workDir);

/** A Chrome .cpuprofile, as Bun writes it. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, for the grouped table. */
function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)' || name === '(idle)' || name === '(root)') return `Bun/VM: ${name}`;
  if (url.includes('/services/gateway/src/policy/')) return 'gateway policy/';
  if (url.includes('/services/gateway/src/proxy/')) return 'gateway proxy/';
  if (url.includes('/services/gateway/src/')) return 'gateway (other)';
  if (url.includes('/packages/shared/src/http/')) return '@tm/shared http (serviceBase)';
  if (url.includes('/packages/shared/src/core/')) return '@tm/shared core (logger, scope, ids)';
  if (url.includes('/packages/shared/src/telemetry/')) return '@tm/shared telemetry';
  if (url.includes('/packages/shared/')) return '@tm/shared (other)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url === '' || url.startsWith('[native') || !url.includes('/')) return 'native (Bun built-ins: fetch, server, Headers, streams)';
  if (url.startsWith('node:') || url.startsWith('bun:') || url.includes('internal')) return 'Bun built-in JS (node:, bun:)';
  return url;
}

function summarize(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  let total = 0;
  let idle = 0;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    total += us;
    if (functionName === '(idle)') idle += us;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url.replace(`${repoRoot}/`, '')}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const busy = total - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`;
  const lines = [
    `Sampled ${(total / 1e6).toFixed(1)} s, ${(busy / 1e6).toFixed(1)} s of it busy (shares below are of the busy time).`,
    '',
    '| area | self time |',
    '|---|--:|',
  ];
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1])) if (area !== 'Bun/VM: (idle)') lines.push(`| ${area} | ${pct(us)} |`);
  lines.push('', '| function | self time |', '|---|--:|');
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    if (!fn.startsWith('(idle)')) lines.push(`| ${fn.replaceAll('|', '\\|')} | ${pct(us)} |`);
  return lines.join('\n');
}

/** Collections and total pause so far, from a process's log of JSC's logGC lines (only Bun processes log them). */
async function gcPauses(pid: number): Promise<{ eden: number; full: number; pauseMs: number }> {
  const proc = group.started.find((s) => s.pid === pid);
  const text = proc
    ? await Bun.file(proc.logFile)
        .text()
        .catch(() => '')
    : '';
  let eden = 0;
  let full = 0;
  let pauseMs = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('[GC<')) continue;
    // "START ... => EdenCollection|FullCollection" opens a collection; its "END]" line gives its pause ("p=<ms>").
    if (line.includes(' START ')) {
      if (line.includes('EdenCollection')) eden++;
      else if (line.includes('FullCollection')) full++;
    } else if (line.endsWith(' END]')) pauseMs += Number(/ p=([0-9.]+)ms \(max/.exec(line)?.[1] ?? 0);
  }
  return { eden, full, pauseMs };
}

/**
 * CPU seconds (user + system) a process and its descendants have used so far, from /proc: CPU
 * per request is what the proxies cost, however busy the rest of the machine is.
 */
function cpuSeconds(pid: number): number {
  const ticks = (p: number): number => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let sum = Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) sum += ticks(Number(child));
      }
      return sum;
    } catch {
      return 0;
    }
  };
  return ticks(pid) / 100;
}

async function main() {
  const wrkPath = ensureProgram('wrk', ['wrk']);
  const nginxPath = ensureProgram('nginx', ['nginx-light', 'nginx']);
  if (!wrkPath || !nginxPath) throw new Error('wrk and nginx are needed (apt-get install -y wrk nginx-light)');
  const load = await createWrk(wrkPath, workDir, 'wrk');
  const system = await startBenchSystem({
    group,
    repoRoot,
    workDir,
    redisUrl,
    redisPrefix,
    nginxPath,
    jwtPrivateKeyPem: (await generateSigningKey()).pem,
    ...(baselineRoot ? { baselineRoot } : {}),
    ...(gcLog ? { gatewayExtraEnv: { BUN_JSC_logGC: '1' } } : {}),
    gatewayBunArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=gateway.cpuprofile'] : [],
  });
  const token = system.authProblem ? undefined : await obtainAccessToken(system.gateway, system.admin);
  const path = '/services/catalog';
  const pid = (name: string) => group.started.find((s) => s.name === name)?.pid ?? 0;
  const cases: { name: string; c: LoadCase; proxy: number }[] = [
    { name: '(c) catalog direct', c: { url: `${system.catalog}${path}`, method: 'GET' }, proxy: pid('catalog') },
    { name: '(b) nginx', c: { url: `${system.nginx}/api${path}`, method: 'GET' }, proxy: pid('nginx') },
    { name: '(d) bare Bun proxy', c: { url: `${system.bare}/api${path}`, method: 'GET' }, proxy: pid('bare-proxy') },
    { name: '(a) gateway anonymous', c: { url: `${system.gateway}/api${path}`, method: 'GET' }, proxy: pid('gateway') },
    ...(system.gatewayBaseline
      ? [
          {
            name: '(a0) baseline gateway anonymous',
            c: { url: `${system.gatewayBaseline}/api${path}`, method: 'GET' as const },
            proxy: pid('gateway-baseline'),
          },
        ]
      : []),
    ...(token
      ? [
          {
            name: '(a) gateway bearer',
            c: { url: `${system.gateway}/api${path}`, method: 'GET' as const, authorization: `Bearer ${token}` },
            proxy: pid('gateway'),
          },
        ]
      : []),
    ...(token && system.gatewayBaseline
      ? [
          {
            name: '(a0) baseline gateway bearer',
            c: { url: `${system.gatewayBaseline}/api${path}`, method: 'GET' as const, authorization: `Bearer ${token}` },
            proxy: pid('gateway-baseline'),
          },
        ]
      : []),
  ];
  log(`load average before: ${loadavg().map((l) => l.toFixed(2))}`);
  for (let round = 1; round <= rounds; round++) {
    const rps = new Map<string, number>();
    for (const { name, c, proxy } of cases) {
      await load.run(c, { durationS: warmupS, connections });
      const cpuBefore = cpuSeconds(proxy);
      const gcBefore = gcLog ? await gcPauses(proxy) : undefined;
      const r = await load.run(c, { durationS, connections });
      const cpuUs = ((cpuSeconds(proxy) - cpuBefore) * 1e6) / r.requests;
      const gc = gcBefore ? await gcPauses(proxy) : undefined;
      const gcText =
        gc && gcBefore
          ? `, GC: ${gc.eden - gcBefore.eden} eden + ${gc.full - gcBefore.full} full collections, ${(gc.pauseMs - gcBefore.pauseMs).toFixed(0)} ms paused (${((100 * (gc.pauseMs - gcBefore.pauseMs)) / (durationS * 1000)).toFixed(1)}% of the run)`
          : '';
      rps.set(name, r.requestsPerS);
      const nginx = rps.get('(b) nginx');
      log(
        `round ${round}: ${name}: ${Math.round(r.requestsPerS)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, non-2xx ${r.non2xx}, ${cpuUs.toFixed(0)} us CPU per request in the ${name.startsWith('(c)') ? 'catalog' : 'proxy'}${nginx && name !== '(b) nginx' && !name.startsWith('(c)') ? `, ${(r.requestsPerS / nginx).toFixed(2)} of nginx` : ''}${gcText}`,
      );
    }
  }
  log(`load average after: ${loadavg().map((l) => l.toFixed(2))}`);
  if (!profiling) return;
  const gateway = group.started.find((s) => s.name === 'gateway');
  if (gateway) {
    process.kill(gateway.pid, 'SIGTERM');
    await gateway.proc.exited;
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the gateway wrote no profile into ${profileDir}`);
  console.log(`\n${summarize(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile)}\n`);
  log(`profile: ${join(profileDir, file)} (open it in Chrome DevTools or speedscope); logs in ${workDir}`);
}

try {
  await main();
} catch (err) {
  console.error(`[profile] failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  for (const proc of runningLoad) proc.kill('SIGKILL');
  await group.stopAll();
  await deleteRedisKeys().catch((err) => log(`could not delete the run's Redis keys (${redisPrefix}*): ${err}`));
}

async function deleteRedisKeys() {
  const redis = new RedisClient(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = (await redis.send('SCAN', [cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', '1000'])) as [string, string[]];
      cursor = next;
      if (keys.length > 0) await redis.send('DEL', keys);
    } while (cursor !== '0');
  } finally {
    redis.close();
  }
}
