/**
 * bun run bench:tail — the quote/cart tail at 100k against 1k (issue 26), focused: talent,
 * catalog (embedded, as bench:scale's default shape) and the gateway only, then quotes and carts
 * through the gateway at a steady 10 req/s, every request counted from the phase's first second,
 * with each process's JSC collection log (BUN_JSC_logGC=1) read for the phase: the time the
 * collector stopped the catalog's request thread is the figure other load on the machine moves
 * least. Then the RSS after the phase and after a rebuild of the catalog's snapshot.
 *
 * TAIL_SIZES (default 1000,100000), TAIL_STEADY_S (60), TAIL_ROUNDS (1): rounds interleave the
 * variants. TAIL_VARIANTS: `name:VAR=value,VAR=value;name2:...` environments over the services'
 * runtime settings (SERVICE_RUNTIME_ENV); the default is `current:` alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersOk, createProcessGroup, freePort, type Started, waitFor } from '../bench/processes.ts';
import { spawnScript, url } from './backends.ts';
import { type GcStretch, readGcLog } from './gc-log.ts';
import { memoryMb, steady, timed } from './measure.ts';
import { indexEntries } from './site-check.ts';

const sizes = (process.env.TAIL_SIZES ?? '1000,100000').split(',').map(Number);
const STEADY_S = Number(process.env.TAIL_STEADY_S ?? 60);
const ROUNDS = Number(process.env.TAIL_ROUNDS ?? 1);
const variants = (process.env.TAIL_VARIANTS ?? 'current:').split(';').map((v) => {
  const [name, vars = ''] = v.split(':');
  const env: Record<string, string> = {};
  for (const kv of vars.split(',').filter(Boolean)) {
    const [k, val = ''] = kv.split('=');
    env[k as string] = val;
  }
  return { name: name as string, env };
});

const fileSize = (s: Started) => Bun.file(s.logFile).size;
const logSince = async (s: Started, from: number) => await Bun.file(s.logFile).slice(from).text();

async function until(s: Started, msg: string, since: number, timeoutMs: number): Promise<void> {
  await waitFor(`${s.name}'s "${msg}"`, async () => (await logSince(s, since)).includes(`"msg":"${msg}"`), [s], timeoutMs);
}

interface Result {
  variant: string;
  n: number;
  p50: number;
  p99: number;
  p99First10s: number;
  slowest: number[];
  errors: number;
  gc: Record<string, GcStretch>;
  memory: Record<string, { rss: number; peak: number }>;
  afterRebuild: { rebuildMs: number; rss5s: number; rss40s: number; peak: number };
  load: string;
}

const loadavg = async () => (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' / ');

async function runOnce(n: number, variant: { name: string; env: Record<string, string> }): Promise<Result> {
  const logDir = mkdtempSync(join(tmpdir(), `bench-tail-${variant.name}-${n}-`));
  const group = createProcessGroup(logDir);
  const ports = { talent: freePort(), catalog: freePort(), gateway: freePort() };
  const env = { HOST: '127.0.0.1', NODE_ENV: 'development', MONGODB_URL: '', BENCH_SCALE_N: String(n), BUN_JSC_logGC: '1', ...variant.env };
  try {
    const talent = spawnScript(group, env, 'talent', 'services/talent/scripts/serve-bench.ts', { PORT: String(ports.talent) });
    const catalog = spawnScript(group, env, 'catalog', 'services/catalog/scripts/serve-bench-tail.ts', {
      PORT: String(ports.catalog),
      TALENT_URL: url(ports.talent),
    });
    const gateway = spawnScript(group, env, 'gateway', 'services/gateway/src/main.ts', {
      PORT: String(ports.gateway),
      AUTH_URL: 'http://127.0.0.1:9',
      CATALOG_URL: url(ports.catalog),
      TALENT_URL: url(ports.talent),
      SEARCH_URL: 'http://127.0.0.1:9',
      REVIEWS_URL: 'http://127.0.0.1:9',
      PUBLIC_SITE_URL: 'http://bench.localhost',
      UPSTREAM_TIMEOUT_MS: '30000',
      RATE_LIMIT_ANON: '50000000',
    });
    const g = url(ports.gateway);
    for (const [s, port] of [
      [talent, ports.talent],
      [catalog, ports.catalog],
    ] as const)
      await waitFor(`${s.name} ready`, () => answersOk(`${url(port)}/readyz`), [s], 600_000);
    // The gateway's site files read both indexes once the services serve: wait for them, as a
    // deployment's first minutes would have them done before steady traffic.
    await waitFor('site files', () => answersOk(`${g}/sitemap.xml`), [gateway], 600_000);
    const services = await indexEntries(url(ports.catalog), '/internal/service-index.ndjson');
    const inIndia = services.filter((s) => s.markets.includes('IN')).map((s) => s.slug);
    services.length = 0;
    const slug = (i: number) => inIndia[(i * 7919) % inIndia.length] as string;
    const cart = (i: number) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [0, 1, 2].map((k) => ({ serviceId: slug(i + k), hours: 40 })) }),
    });
    const make = (i: number) => (i % 2 ? { url: `${g}/api/services/${slug(i)}/quote?hours=50` } : { url: `${g}/api/jobs/pricing`, init: cart(i) });
    for (let i = 0; i < 200; i++) {
      const r = make(i);
      await timed(r.url, r.init);
    }
    await Bun.sleep(5_000);
    Bun.gc(true);
    const procs = { catalog, talent, gateway };
    const from = Object.fromEntries(Object.entries(procs).map(([k, s]) => [k, fileSize(s)]));
    const phase = await steady(10, STEADY_S, make);
    const gc: Record<string, GcStretch> = {};
    for (const [k, s] of Object.entries(procs)) gc[k] = readGcLog(await logSince(s, from[k] as number));
    const memory: Record<string, { rss: number; peak: number }> = {};
    for (const [k, s] of Object.entries(procs)) memory[k] = await memoryMb(s.pid);
    // A rebuild of the catalog's snapshot, as a change in the store makes, then its RSS.
    const before = fileSize(catalog);
    process.kill(catalog.pid, 'SIGUSR2');
    await until(catalog, 'rebuilt', before, 300_000);
    const line = (await logSince(catalog, before)).split('\n').find((l) => l.includes('"msg":"rebuilt"')) ?? '{}';
    await Bun.sleep(5_000);
    const rss5s = (await memoryMb(catalog.pid)).rss;
    await Bun.sleep(35_000);
    const m40 = await memoryMb(catalog.pid);
    return {
      variant: variant.name,
      n,
      p50: phase.p50,
      p99: phase.p99,
      p99First10s: phase.p99First10s,
      slowest: [...phase.ms].sort((a, b) => b - a).slice(0, 8),
      errors: phase.errors + phase.timeouts,
      gc,
      memory,
      afterRebuild: { rebuildMs: Number(JSON.parse(line).ms), rss5s, rss40s: m40.rss, peak: m40.peak },
      load: await loadavg(),
    };
  } finally {
    await group.stopAll();
  }
}

const fmt = (x: number) => x.toFixed(2);
const results: Result[] = [];
for (let round = 1; round <= ROUNDS; round++)
  for (const n of sizes)
    for (const v of variants) {
      const load = await loadavg();
      console.error(`bench:tail: round ${round}, ${v.name}, ${n} (load ${load})...`);
      const r = await runOnce(n, v);
      results.push(r);
      const c = r.gc.catalog as GcStretch;
      console.log(JSON.stringify({ round, ...r, loadBefore: load }));
      console.error(
        `  p50 ${fmt(r.p50)} p99 ${fmt(r.p99)} (first 10 s ${fmt(r.p99First10s)}) slowest ${r.slowest.map(fmt).join(' ')}; catalog GC: ${c.full} full (longest ${fmt(c.longestFullMs)} ms), ${c.eden} eden, ${c.pauses} pauses ${fmt(c.pauseMs)} ms (max ${fmt(c.maxPauseMs)}); RSS catalog ${r.memory.catalog?.rss} peak ${r.memory.catalog?.peak}, talent ${r.memory.talent?.rss} peak ${r.memory.talent?.peak}; rebuild ${r.afterRebuild.rebuildMs} ms, RSS +5 s ${r.afterRebuild.rss5s} +40 s ${r.afterRebuild.rss40s} peak ${r.afterRebuild.peak}; load ${r.load}`,
      );
    }
