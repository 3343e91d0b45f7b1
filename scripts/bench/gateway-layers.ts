/**
 * `bun scripts/bench/gateway-layers.ts`: what each layer of the gateway costs per proxied request.
 * The same GET (a JSON answer from a stub service, in its own process) is driven with wrk through
 * proxies that add one layer at a time, each in its own process:
 *
 *   bare      Bun.serve + fetch, nothing else (scripts/bench/bare-proxy.ts's shape)
 *   elysia    the same forward as an Elysia route (`.all('/api/*')`, parse: 'none')
 *   base      + serviceBase (request id, request scope and trace context, one log line, metrics, error envelope)
 *   gateway   the real gateway app (createApp) with the in-memory limiter: + policy (client IP, token
 *             check, rate limit and its headers, CORS, body limits), access table, header hygiene
 *   deferred  the gateway with the in-memory limiter whose answers each wait for a later turn of
 *             the event loop (one setImmediate per batch), as a Redis flight's do, without Redis
 *   redis     the real gateway with the Redis limiter (the bench's shape; needs Redis)
 *
 * For each it prints requests/s, p99 and the proxy process's CPU time per request (user + system
 * from /proc, all its threads: Bun's HTTP client thread and GC included), which a busy machine
 * changes far less than it changes requests/s, and beside it the CPU the stub and (when it runs on
 * this machine) the Redis server spent per request. Rounds alternate the layers; medians are reported.
 *
 * A layer named `gateway~a+b` or `redis~a+b` runs that layer with ABLATE=a,b in its environment.
 * This checkout's gateway ignores it; scripts/bench/gateway-ablation.patch, applied to a scratch
 * checkout (LAYERS_BASELINE for `@baseline` layers, or run from there), makes each name remove one
 * piece of the gateway's work (docs/benchmarks.md, "Fifth pass"), to see what that piece costs where
 * it runs rather than added to a bare proxy.
 * Knobs: LAYERS_ROUNDS (3), LAYERS_DURATION_S (5), LAYERS_CONNECTIONS (64), LAYERS_BODY_BYTES
 * (16384), LAYERS (comma list, default all), LAYERS_TRUST_PROXY (0; 1 runs the gateways behind one
 * trusted proxy, wrk sending its X-Forwarded-For), BENCH_REDIS_URL. Each proxy and the stub run
 * services/gateway/src/bench/layer-proxy.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const LAYERS = ['bare', 'elysia', 'scope', 'trace', 'after', 'base-silent', 'base', 'gateway', 'deferred', 'redis'] as const;
/** A layer: one of LAYERS, `gateway@baseline` / `redis@baseline`, or any of them with `~a+b` (ablations, see above). */
type Layer = string;
/** LAYERS_BASELINE=<another checkout> (e.g. `git worktree add --detach /tmp/before <commit>`, `bun install` there): its gateway is measured too. */
const baseline = process.env.LAYERS_BASELINE;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

await parent();

interface Row {
  rps: number[];
  p99: number[];
  cpuUs: number[];
  stubUs: number[];
  redisUs: number[];
}

async function parent() {
  const { createWrk, runningLoad } = await import('./load.ts');
  const { cpuSeconds, createProcessGroup, freePort, waitFor, answersOk } = await import('./processes.ts');
  const { deleteRedisKeys, redisServerPid } = await import('./redis-keys.ts');
  const { ensureProgram } = await import('./tools.ts');
  const known: readonly string[] = baseline ? [...LAYERS, 'gateway@baseline', 'redis@baseline'] : LAYERS;
  /** `base~a+b`: the layer `base` with ABLATE=a,b. */
  const baseOf = (layer: Layer) => layer.split('~')[0] as string;
  const wanted = (process.env.LAYERS ?? known.join(',')).split(',').filter((l) => known.includes(baseOf(l)));
  const rounds = Number(process.env.LAYERS_ROUNDS ?? 3);
  const durationS = Number(process.env.LAYERS_DURATION_S ?? 5);
  // LAYERS_TRUST_PROXY=1: the gateways trust one proxy in front (the production shape behind a load
  // balancer) and wrk sends the X-Forwarded-For entry that proxy would have written.
  const trustProxy = Number(process.env.LAYERS_TRUST_PROXY ?? 0);
  const forwardedFor = trustProxy > 0 ? { 'x-forwarded-for': '203.0.113.9' } : undefined;
  const connections = Number(process.env.LAYERS_CONNECTIONS ?? 64);
  const wrkPath = ensureProgram('wrk', ['wrk']);
  if (!wrkPath) throw new Error('wrk is needed (apt-get install -y wrk)');
  const workDir = mkdtempSync(join(tmpdir(), 'tm-layers-'));
  const group = createProcessGroup(workDir);
  const prefix = `layers:${crypto.randomUUID()}:`;
  try {
    const load = await createWrk(wrkPath, workDir, 'wrk');
    const stubPort = freePort();
    const self = join(import.meta.dir, '../../services/gateway/src/bench/layer-proxy.ts');
    const stub = group.spawn('stub', [process.execPath, self], { LAYER: 'stub', PORT: String(stubPort) }, process.cwd());
    await waitFor('stub', () => answersOk(`http://127.0.0.1:${stubPort}/x`), [stub]);
    const proxies = new Map<Layer, { url: string; pid: number }>();
    for (const layer of wanted) {
      const port = freePort();
      const p = group.spawn(
        layer,
        [process.execPath, self],
        {
          LAYER: baseOf(layer).replace('@baseline', ''),
          ABLATE: (layer.split('~')[1] ?? '').replaceAll('+', ','),
          ...(baseOf(layer).endsWith('@baseline') && baseline ? { GATEWAY_ROOT: resolve(baseline) } : {}),
          PORT: String(port),
          UPSTREAM_URL: `http://127.0.0.1:${stubPort}`,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: String(trustProxy),
          NODE_ENV: 'development',
        },
        process.cwd(),
      );
      const url = `http://127.0.0.1:${port}/api/services/catalog`;
      await waitFor(layer, () => answersOk(url), [p]);
      proxies.set(layer, { url, pid: p.pid });
    }
    const redisPid = wanted.some((l) => l.startsWith('redis')) ? await redisServerPid(redisUrl) : undefined;
    console.log(`[layers] load average before: ${loadavg().map((l) => l.toFixed(2))}`);
    const rows = new Map<Layer, Row>(wanted.map((l) => [l, { rps: [], p99: [], cpuUs: [], stubUs: [], redisUs: [] }]));
    /** CPU seconds spent between two readings of cpuSeconds, as microseconds per request. */
    const perRequest = (seconds: number, requests: number) => (seconds * 1e6) / requests;
    for (let round = 0; round < rounds; round++) {
      for (const layer of round % 2 === 0 ? wanted : [...wanted].reverse()) {
        const proxy = proxies.get(layer);
        const row = rows.get(layer);
        if (!proxy || !row) continue;
        await load.run({ url: proxy.url, method: 'GET', headers: forwardedFor }, { durationS: 1, connections });
        const before = [cpuSeconds(proxy.pid), cpuSeconds(stub.pid), redisPid === undefined ? 0 : cpuSeconds(redisPid)];
        const r = await load.run({ url: proxy.url, method: 'GET', headers: forwardedFor }, { durationS, connections });
        const cpuUs = perRequest(cpuSeconds(proxy.pid) - (before[0] as number), r.requests);
        const stubUs = perRequest(cpuSeconds(stub.pid) - (before[1] as number), r.requests);
        const redisUs = redisPid === undefined ? Number.NaN : perRequest(cpuSeconds(redisPid) - (before[2] as number), r.requests);
        row.rps.push(r.requestsPerS);
        row.p99.push(r.p99Ms);
        row.cpuUs.push(cpuUs);
        row.stubUs.push(stubUs);
        row.redisUs.push(redisUs);
        console.log(
          `[layers] round ${round + 1}: ${layer}: ${Math.round(r.requestsPerS)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, ${cpuUs.toFixed(1)} us CPU per request (stub ${stubUs.toFixed(1)}, Redis ${redisUs.toFixed(1)}), non-2xx ${r.non2xx}`,
        );
      }
    }
    console.log(`[layers] load average after: ${loadavg().map((l) => l.toFixed(2))}\n`);
    console.log('| layer | requests/s | p99 ms | CPU us per request | added by this layer | stub / Redis CPU us per request |\n|---|--:|--:|--:|--:|--:|');
    let previous: number | undefined;
    for (const layer of wanted) {
      const row = rows.get(layer) as Row;
      const cpu = median(row.cpuUs);
      console.log(
        `| ${layer} | ${Math.round(median(row.rps))} | ${median(row.p99).toFixed(2)} | ${cpu.toFixed(1)} | ${previous === undefined ? '' : (cpu - previous).toFixed(1)} | ${median(row.stubUs).toFixed(1)} / ${median(row.redisUs).toFixed(1)} |`,
      );
      previous = cpu;
    }
    for (const proc of runningLoad) proc.kill('SIGKILL');
  } finally {
    await group.stopAll();
    if (wanted.some((l) => l.startsWith('redis'))) await deleteRedisKeys(redisUrl, prefix).catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
