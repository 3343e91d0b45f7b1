/**
 * `bun services/gateway/src/bench/in-process.ts [requests]`: the gateway's own JS per proxied
 * request, without sockets: `app.handle` on GET /api/services/catalog with the upstream `fetch`
 * stubbed to a ~2 KB JSON answer, 64 concurrent loops, the in-memory limiter, a logger that
 * formats every line and writes nowhere; prints wall and CPU (process.cpuUsage) microseconds per
 * request. GATEWAY_ROOT=<another checkout> measures that checkout's gateway (docs/benchmarks.md,
 * third pass: run both alternately). BENCH_LIMITER=redis counts on the real Redis limiter instead
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379; a fresh key prefix per run), so its own CPU
 * per request shows beside the in-memory one (fourth pass).
 */
import { resolve } from 'node:path';

const root = process.env.GATEWAY_ROOT ? resolve(process.env.GATEWAY_ROOT) : resolve(import.meta.dir, '../../../..');
const requests = Number(process.argv[2] ?? 100_000);
const src = `${root}/services/gateway/src`;
const { testGateway } = (await import(`${src}/testing/gateway.ts`)) as typeof import('../testing/gateway.ts');
const { createGatewayLimiter, createLimiterRedis } = (await import(`${src}/policy/limiter.ts`)) as typeof import('../policy/limiter.ts');
const { createLogger } = (await import(`${root}/packages/shared/src/core/logger.ts`)) as typeof import('@tm/shared');

const body = JSON.stringify({ success: true, data: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `svc ${i}` })) });
const stubFetch = (async () => new Response(body, { headers: { 'content-type': 'application/json', etag: '"x"' } })) as unknown as typeof fetch;
const onRedis = process.env.BENCH_LIMITER === 'redis';
const redis = onRedis ? createLimiterRedis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
if (redis) while (redis.status !== 'ready') await Bun.sleep(10);
const app = testGateway({
  upstream: 'http://127.0.0.1:9',
  jwksUrl: 'http://127.0.0.1:9/jwks',
  fetch: stubFetch,
  logger: createLogger('gateway', { write: () => {} }),
  limiter: createGatewayLimiter({
    windowS: 60,
    quotas: { anonymous: 1e9, authenticated: 1e9, 'auth-routes': 1e9 },
    redis,
    keyPrefix: `bench:in-process:${crypto.randomUUID()}:`,
  }),
});

const one = async () => {
  const res = await app.handle(new Request('http://localhost/api/services/catalog', { headers: { accept: 'application/json' } }));
  await res.arrayBuffer();
};

async function run(count: number) {
  let left = count;
  const loop = async () => {
    while (left-- > 0) await one();
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: 64 }, loop));
  // The access lines are written after the answers: let them count.
  await new Promise((done) => setImmediate(done));
  const used = process.cpuUsage(cpu);
  return { wallUs: ((performance.now() - started) * 1000) / count, cpuUs: (used.user + used.system) / count };
}

await run(20_000);
Bun.gc(true);
const result = await run(requests);
console.log(
  JSON.stringify({ root, limiter: onRedis ? 'redis' : 'memory', requests, wallUs: Number(result.wallUs.toFixed(2)), cpuUs: Number(result.cpuUs.toFixed(2)) }),
);
process.exit(0);
