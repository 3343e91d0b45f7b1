/**
 * `bun services/gateway/src/bench/limiter-calls.ts`: the limiter alone, CPU per `limiter.consume`
 * (process.cpuUsage, every thread) for one key from LIMITER_CONCURRENCY loops (1: every call is a
 * Redis round trip of its own; 64: they share flights). BENCH_LIMITER=redis (default) counts on the
 * real Redis limiter (BENCH_REDIS_URL, default redis://127.0.0.1:6379, a fresh key prefix that
 * expires with its window), memory on the in-memory one. GATEWAY_ROOT=<another checkout> measures
 * that checkout's limiter (docs/benchmarks.md, fourth pass: run both alternately).
 */
import { resolve } from 'node:path';

const root = process.env.GATEWAY_ROOT ? resolve(process.env.GATEWAY_ROOT) : resolve(import.meta.dir, '../../../..');
const concurrency = Number(process.env.LIMITER_CONCURRENCY ?? 1);
const requests = Number(process.argv[2] ?? 20_000);
const onRedis = (process.env.BENCH_LIMITER ?? 'redis') === 'redis';
const { createGatewayLimiter, createLimiterRedis } = (await import(`${root}/services/gateway/src/policy/limiter.ts`)) as typeof import('../policy/limiter.ts');
const redis = onRedis ? createLimiterRedis(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
if (redis) while (redis.status !== 'ready') await Bun.sleep(10);
const limiter = createGatewayLimiter({
  redis,
  keyPrefix: `bench:limiter-calls:${crypto.randomUUID()}:`,
  windowS: 60,
  quotas: { anonymous: 1e9, authenticated: 1e9, 'auth-routes': 1e9 },
});
// The native client connects in the background; its first calls go over ioredis.
await Bun.sleep(200);

async function run(count: number) {
  let left = count;
  const loop = async () => {
    while (left-- > 0) await limiter.consume('anonymous', '127.0.0.1');
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const used = process.cpuUsage(cpu);
  return { cpuUs: Number(((used.user + used.system) / count).toFixed(2)), wallUs: Number((((performance.now() - started) * 1000) / count).toFixed(2)) };
}

await run(Math.ceil(requests / 4));
for (let round = 1; round <= 3; round++)
  console.log(JSON.stringify({ root, limiter: onRedis ? 'redis' : 'memory', concurrency, round, ...(await run(requests)) }));
process.exit(0);
