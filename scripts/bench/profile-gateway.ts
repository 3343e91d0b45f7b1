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
 * PROFILE_SUMMARIZE (a .cpuprofile: print its tables only), PROFILE_CPU_PROF (0: no profiler), PROFILE_GC_LOG (1: JSC's GC log, pauses per case), PROFILE_MINIMAL (1: also scripts/bench/minimal-gateway.ts, as (m)), PROFILE_ROUNDS (1), PROFILE_TOP (25), BENCH_REDIS_URL, PROFILE_BASELINE (another checkout, e.g.
 * `git worktree add --detach /tmp/before <commit>` with `bun install` there: its gateway is
 * measured beside this one's in the same run, as (a0)). The profile and every log stay in the
 * printed folder. Every process it starts is stopped by PID.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateSigningKey } from './checkout.ts';
import { type LoadCase, runningLoad } from './load.ts';
import { answersOk, cpuSeconds, createProcessGroup, freePort, machineTicks, threadSeconds, waitFor } from './processes.ts';
import { deleteRedisKeys, redisServerPid } from './redis-keys.ts';
import { obtainAccessToken, startBenchSystem } from './system.ts';
import { num, wrkAndNginx } from './tools.ts';

const repoRoot = resolve(import.meta.dir, '../..');
const durationS = num('PROFILE_DURATION_S', 10);
const warmupS = num('PROFILE_WARMUP_S', 2);
const connections = num('PROFILE_CONNECTIONS', 64);
const rounds = num('PROFILE_ROUNDS', 1);
const top = num('PROFILE_TOP', 25);
const baselineRoot = process.env.PROFILE_BASELINE ? resolve(process.env.PROFILE_BASELINE) : undefined;
/** PROFILE_CPU_PROF=0: no profiler (its sampling costs the gateway CPU), only the figures and CPU per request. */
const profiling = process.env.PROFILE_CPU_PROF !== '0';
/** PROFILE_MINIMAL=1: also (m), scripts/bench/minimal-gateway.ts in front of the same catalog: the floor under any gateway with the issue's policies. */
const minimal = process.env.PROFILE_MINIMAL === '1';
/** PROFILE_GC_LOG=1: the gateways log every collection (JSC's logGC) and the run sums their pauses per case. */
const gcLog = process.env.PROFILE_GC_LOG === '1';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (msg: string) => console.log(`[profile] ${msg}`);

const redisPrefix = `profile:${crypto.randomUUID()}:`;
const metricsToken = `profile-${crypto.randomUUID()}`;
const workDir = mkdtempSync(join(tmpdir(), 'tm-profile-'));
const profileDir = join(workDir, 'profile');
const group = createProcessGroup(workDir);

/** A Chrome .cpuprofile, as Bun writes it. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
}

/** The part of the stack a JS function belongs to, for the grouped table; undefined for Bun's natives. */
function areaOf(url: string): string | undefined {
  if (url.includes('/services/gateway/src/policy/')) return "gateway policy/ (client IP, token, rate limit, CORS; the limiter's own code)";
  if (url.includes('/services/gateway/src/proxy/')) return 'gateway proxy/ (access table, routing, header hygiene, fetch, relay)';
  if (url.includes('/services/gateway/src/')) return 'gateway, other';
  if (url.includes('/packages/shared/src/core/')) return '@tm/shared core (logger and its writer, request scope, ids, trace context)';
  if (url.includes('/packages/shared/src/')) return '@tm/shared serviceBase, telemetry (request id, log line, metrics)';
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg === 'ioredis' || pkg === 'rate-limiter-flexible') return 'ioredis + rate-limiter-flexible (the Redis limiter)';
  if (pkg === 'elysia' || pkg === 'memoirist') return 'Elysia (hooks, router, response mapping)';
  if (pkg) return `${pkg}`;
  if (url.startsWith('node:') || url.startsWith('bun:') || url.startsWith('internal:')) return 'Bun JS built-ins (node:net for ioredis, streams, events)';
  if (url.startsWith('file://') || url.startsWith('/')) return 'other JS';
  return undefined;
}

/**
 * Where the samples fall. Counted in samples, not time deltas: the sampler takes none while the
 * gateway waits, so the first sample after a quiet spell would carry the whole spell. A native
 * function (fetch, Headers, the socket writes) counts towards the JS that called it; samples with
 * no JS on the stack at all are Bun's own work between callbacks (the HTTP server parsing and
 * writing, the event loop, the fetch client handing bodies over).
 */
function summarize(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perNode = new Map<number, number>();
  for (const id of profile.samples) perNode.set(id, (perNode.get(id) ?? 0) + 1);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const total = profile.samples.length;
  for (const [id, count] of perNode) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    let area: string | undefined;
    for (let at: number | undefined = id; at !== undefined && area === undefined; at = parent.get(at)) area = areaOf(byId.get(at)?.callFrame.url ?? '');
    area ??= 'Bun runtime, no JS on the stack (HTTP server, event loop, fetch client)';
    areas.set(area, (areas.get(area) ?? 0) + count);
    const fn = `${functionName || '(anonymous)'} ${url.replace(`file://${repoRoot}/`, '').replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + count);
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`;
  const lines = [`${total} samples of the gateway's JS thread.`, '', '| where (natives counted with their JS caller) | samples |', '|---|--:|'];
  for (const [area, n] of [...areas].sort((a, b) => b[1] - a[1])) lines.push(`| ${area} | ${pct(n)} |`);
  lines.push('', '| function (self) | samples |', '|---|--:|');
  for (const [fn, n] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`| ${fn.replaceAll('|', '\\|')} | ${pct(n)} |`);
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

/** Cumulative counts of a Prometheus histogram's buckets (`le` -> count), summed over the series whose labels contain `labels`. */
function bucketsOf(text: string, name: string, labels: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_bucket{`) || !line.includes(labels)) continue;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    if (le !== undefined) out.set(le, (out.get(le) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return out;
}

/** The histograms the tail table reads: the gateway's /api requests and Redis calls, the catalog's own requests. */
interface ServerTimings {
  gateway: Map<string, number>;
  redis: Map<string, number>;
  catalog: Map<string, number>;
}
async function serverTimings(gateway: string, catalog: string): Promise<ServerTimings> {
  const scrape = async (url: string, token?: string) =>
    (await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {}).catch(() => undefined))?.text() ?? '';
  const [g, c] = await Promise.all([scrape(gateway, metricsToken), scrape(catalog)]);
  return {
    gateway: bucketsOf(g, 'http_request_duration_seconds', 'route="/api/*"'),
    redis: bucketsOf(g, 'store_operation_duration_seconds', 'operation="ratelimit.consume"'),
    catalog: bucketsOf(c, 'http_request_duration_seconds', 'route="/services/catalog"'),
  };
}

const TAIL_HEADER = [
  "What the p99 is made of (wrk's p99 beside the processes' own timings of the same requests: the gateway from its first hook to",
  'its after-response hook, the catalog likewise, each Redis call of the limiter; "> x ms" is the share of them slower than x):',
  '',
  '| case | wrk p99 | gateway > 2.5 / 5 / 10 ms | catalog > 2.5 / 5 / 10 ms | requests per Redis call | Redis calls > 1 / 5 ms |',
  '|---|--:|--:|--:|--:|--:|',
].join('\n');

/** One row of the tail table from the timings before and after a case. */
function tailRow(label: string, p99Ms: number, requests: number, before: ServerTimings, after: ServerTimings): string {
  const delta = (pick: (t: ServerTimings) => Map<string, number>, le: string) => (pick(after).get(le) ?? 0) - (pick(before).get(le) ?? 0);
  const over = (pick: (t: ServerTimings) => Map<string, number>, les: string[]) => {
    const total = delta(pick, '+Inf');
    return total === 0 ? 'n/a' : les.map((le) => `${((100 * (total - delta(pick, le))) / total).toFixed(2)}%`).join(' / ');
  };
  const calls = delta((t) => t.redis, '+Inf');
  return `| ${label} | ${p99Ms.toFixed(2)} ms | ${over((t) => t.gateway, ['0.0025', '0.005', '0.01'])} | ${over((t) => t.catalog, ['0.0025', '0.005', '0.01'])} | ${calls === 0 ? 'n/a' : (requests / calls).toFixed(1)} | ${over((t) => t.redis, ['0.001', '0.005'])} |`;
}

/**
 * The machine's idle share over a case and how busy the measured process's threads were (its JS
 * thread apart from the rest, in cores): on two shared cores a proxy is bound either by its JS
 * thread (near 100%) or by the machine (idle near 0), and the two call for different remedies.
 */
function busyText(
  before: { idle: number; total: number },
  after: { idle: number; total: number },
  pid: number,
  threadsBefore: Map<number, { name: string; seconds: number }>,
  threadsAfter: Map<number, { name: string; seconds: number }>,
  seconds: number,
): string {
  const total = after.total - before.total;
  if (total <= 0 || seconds <= 0) return '';
  const idle = `; machine idle ${((100 * (after.idle - before.idle)) / total).toFixed(0)}%`;
  const used = [...threadsAfter].map(([tid, t]) => ({ tid, name: t.name, share: (t.seconds - (threadsBefore.get(tid)?.seconds ?? 0)) / seconds }));
  const main = used.find((t) => t.tid === pid);
  // Only a Bun process has a JS thread to speak of; nginx's worker is a child process.
  if (main === undefined || used.length < 3) return idle;
  const busiest = used.filter((t) => t.tid !== pid && t.share >= 0.02).sort((a, b) => b.share - a.share);
  return `${idle}, JS thread ${(100 * main.share).toFixed(0)}% of a core${busiest.map((t) => `, ${t.name} ${(100 * t.share).toFixed(0)}%`).join('')}`;
}

/** scripts/bench/minimal-gateway.ts in front of `catalog`, counting under this run's Redis prefix (deleted at the end). */
async function startMinimalGateway(catalog: string): Promise<string> {
  const port = freePort();
  const started = group.spawn(
    'minimal-gateway',
    [process.execPath, join(repoRoot, 'scripts', 'bench', 'minimal-gateway.ts')],
    {
      PORT: String(port),
      UPSTREAM_URL: catalog,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${redisPrefix}minimal:`,
      LOG_FILE: join(workDir, 'minimal-gateway.access.log'),
    },
    repoRoot,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the minimal gateway in front of catalog', () => answersOk(`${url}/api/services/catalog`), [started]);
  return url;
}

async function main() {
  // PROFILE_SUMMARIZE=<file.cpuprofile>: only the tables of a profile written before.
  if (process.env.PROFILE_SUMMARIZE) {
    console.log(summarize(JSON.parse(readFileSync(process.env.PROFILE_SUMMARIZE, 'utf8')) as CpuProfile));
    return;
  }
  const { load, nginxPath } = await wrkAndNginx(workDir);
  const system = await startBenchSystem({
    group,
    repoRoot,
    workDir,
    redisUrl,
    redisPrefix,
    nginxPath,
    jwtPrivateKeyPem: (await generateSigningKey()).pem,
    ...(baselineRoot ? { baselineRoot } : {}),
    // A metrics token so the run can read the gateway's own request and Redis timings (the tail table).
    gatewayExtraEnv: { METRICS_TOKEN: metricsToken, ...(gcLog ? { BUN_JSC_logGC: '1' } : {}) },
    gatewayBunArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-name=gateway.cpuprofile'] : [],
  });
  const token = system.authProblem ? undefined : await obtainAccessToken(system.gateway, system.admin);
  const minimalUrl = minimal ? await startMinimalGateway(system.catalog) : undefined;
  const path = '/services/catalog';
  const pid = (name: string) => group.started.find((s) => s.name === name)?.pid ?? 0;
  const cases: { name: string; c: LoadCase; proxy: number }[] = [
    { name: '(c) catalog direct', c: { url: `${system.catalog}${path}`, method: 'GET' }, proxy: pid('catalog') },
    {
      // What the gateway adds to a forwarded request (proxy/headers.ts and fetch's own), sent
      // straight to the catalog: what those headers cost the catalog, apart from the gateway.
      name: "(c) catalog direct, the gateway's headers",
      c: {
        url: `${system.catalog}${path}`,
        method: 'GET',
        headers: {
          'x-forwarded-for': '127.0.0.1',
          'x-request-id': crypto.randomUUID(),
          traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
          'user-agent': `Bun/${Bun.version}`,
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br, zstd',
        },
      },
      proxy: pid('catalog'),
    },
    { name: '(b) nginx', c: { url: `${system.nginx}/api${path}`, method: 'GET' }, proxy: pid('nginx') },
    { name: '(d) bare Bun proxy', c: { url: `${system.bare}/api${path}`, method: 'GET' }, proxy: pid('bare-proxy') },
    ...(minimalUrl ? [{ name: '(m) minimal gateway', c: { url: `${minimalUrl}/api${path}`, method: 'GET' as const }, proxy: pid('minimal-gateway') }] : []),
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
  // The catalog's and Redis's CPU per request in each case: what a proxy costs the processes behind it.
  const catalogPid = pid('catalog');
  const redisPid = await redisServerPid(redisUrl);
  log(`load average before: ${loadavg().map((l) => l.toFixed(2))}`);
  const tails: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const rps = new Map<string, number>();
    for (const { name, c, proxy } of cases) {
      await load.run(c, { durationS: warmupS, connections });
      const cpuBefore = cpuSeconds(proxy);
      const behindBefore = [cpuSeconds(catalogPid), redisPid ? cpuSeconds(redisPid) : 0];
      const gcBefore = gcLog ? await gcPauses(proxy) : undefined;
      // The gateway's (or the baseline's) own timings of this case, for the tail table.
      const timed = name.startsWith('(a) gateway') ? system.gateway : name.startsWith('(a0)') ? system.gatewayBaseline : undefined;
      const timingsBefore = timed ? await serverTimings(timed, system.catalog) : undefined;
      const machineBefore = machineTicks();
      const threadsBefore = threadSeconds(proxy);
      const startedAt = performance.now();
      const r = await load.run(c, { durationS, connections });
      const elapsedS = (performance.now() - startedAt) / 1000;
      const cpuUs = ((cpuSeconds(proxy) - cpuBefore) * 1e6) / r.requests;
      const machineText = busyText(machineBefore, machineTicks(), proxy, threadsBefore, threadSeconds(proxy), elapsedS);
      const perRequest = (seconds: number) => ((seconds * 1e6) / r.requests).toFixed(1);
      const behindText = name.startsWith('(c)')
        ? ''
        : `; behind it: catalog ${perRequest(cpuSeconds(catalogPid) - (behindBefore[0] ?? 0))} us${redisPid ? `, Redis ${perRequest(cpuSeconds(redisPid) - (behindBefore[1] ?? 0))} us` : ''}`;
      if (timed && timingsBefore)
        tails.push(tailRow(`round ${round}: ${name}`, r.p99Ms, r.requests, timingsBefore, await serverTimings(timed, system.catalog)));
      const gc = gcBefore ? await gcPauses(proxy) : undefined;
      const gcText =
        gc && gcBefore
          ? `, GC: ${gc.eden - gcBefore.eden} eden + ${gc.full - gcBefore.full} full collections, ${(gc.pauseMs - gcBefore.pauseMs).toFixed(0)} ms paused (${((100 * (gc.pauseMs - gcBefore.pauseMs)) / (durationS * 1000)).toFixed(1)}% of the run)`
          : '';
      rps.set(name, r.requestsPerS);
      const nginx = rps.get('(b) nginx');
      log(
        `round ${round}: ${name}: ${Math.round(r.requestsPerS)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, non-2xx ${r.non2xx}, ${cpuUs.toFixed(0)} us CPU per request in the ${name.startsWith('(c)') ? 'catalog' : 'proxy'}${behindText}${machineText}${nginx && name !== '(b) nginx' && !name.startsWith('(c)') ? `, ${(r.requestsPerS / nginx).toFixed(2)} of nginx` : ''}${gcText}`,
      );
    }
  }
  log(`load average after: ${loadavg().map((l) => l.toFixed(2))}`);
  console.log(`\n${TAIL_HEADER}\n${tails.join('\n')}\n`);
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
  await deleteRedisKeys(redisUrl, redisPrefix).catch((err) => log(`could not delete the run's Redis keys (${redisPrefix}*): ${err}`));
}
