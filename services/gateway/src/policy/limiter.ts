import { createRedisClient, type RedisClient } from '@tm/shared/store/redis';
import type { Telemetry } from '@tm/shared/telemetry';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { type Counted, coalesceConsumes, type PointsConsumer } from './coalesce.ts';
import { nativeConsumer, registerStandaloneUrl } from './limiter-native.ts';
import { type BucketName, type LimitResult, resetSeconds } from './rate-limit-rules.ts';

/** The gateway's view of its limiter: count one request against a bucket, and say if Redis is up. */
export interface GatewayLimiter {
  consume(bucket: BucketName, key: string): Promise<LimitResult>;
  /** Per-store status for /readyz; empty when the limiter is in-memory only. */
  readiness(): Record<string, { check: () => Promise<boolean>; required: boolean; kind?: string }>;
  readonly windowS: number;
  /** Points per window for each bucket, as configured (agent.txt states them). */
  readonly quotas: Quotas;
}

/** Points per window for each bucket. */
export type Quotas = Readonly<Record<Exclude<BucketName, 'webhooks'>, number> & { webhooks?: number }>;

/** Webhook deliveries per provider IP per window when not configured (providers retry, so this only stops floods). */
export const DEFAULT_WEBHOOK_QUOTA = 1200;

/**
 * rate-limiter-flexible over ioredis when `redis` is given (atomic Lua INCRBY calls shared by
 * every replica, concurrent ones for the same key coalesced; on a standalone Redis the calls go
 * over Bun's native client with the same script and keys, see limiter-native.ts) with an
 * in-memory insurance limiter that takes over while Redis is unreachable; in-memory only
 * otherwise (one gateway, development).
 */
export function createGatewayLimiter(options: {
  quotas: Quotas;
  windowS: number;
  redis?: RedisClient;
  keyPrefix?: string;
  telemetry?: Telemetry;
  /** How long a counting call may take before the insurance limiter answers it (REDIS_COMMAND_TIMEOUT_MS; ioredis's own setting covers its path). */
  commandTimeoutMs?: number;
}): GatewayLimiter {
  const { quotas, windowS, redis, keyPrefix = 'rl:gateway:' } = options;
  // Each call to Redis is timed as a store operation: one per coalesced flight, not one per request.
  const metrics = redis ? options.telemetry?.metrics : undefined;
  const pointsOf = (name: BucketName) => (name === 'webhooks' ? (quotas.webhooks ?? DEFAULT_WEBHOOK_QUOTA) : quotas[name]);
  const build = (name: BucketName): PointsConsumer => {
    const common = { points: pointsOf(name), duration: windowS, keyPrefix: `${keyPrefix}${name}` };
    const memory = new RateLimiterMemory(common);
    if (!redis) return memory;
    // rejectIfRedisNotReady: a down Redis falls through to the insurance limiter at once
    // instead of waiting on a reconnect (ioredis must also run without an offline queue).
    const viaIoredis = new RateLimiterRedis({ ...common, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory });
    // A standalone Redis is counted over Bun's native client (limiter-native.ts), ioredis otherwise.
    const store =
      nativeConsumer(redis, {
        keyPrefix: common.keyPrefix,
        points: common.points,
        windowS,
        commandTimeoutMs: options.commandTimeoutMs ?? 1000,
        viaIoredis,
        insurance: memory,
      }) ?? viaIoredis;
    return metrics ? timed(store, (seconds) => metrics.observeStore('redis', '', 'ratelimit.consume', seconds)) : store;
  };
  /** Per bucket: its quota and its coalesced consume, made once. */
  const buckets = {} as Record<BucketName, { limit: number; consume: (key: string) => Promise<Counted> }>;
  for (const name of ['anonymous', 'authenticated', 'auth-routes', 'webhooks'] as const)
    buckets[name] = { limit: pointsOf(name), consume: coalesceConsumes(build(name)) };
  return {
    windowS,
    quotas,
    consume(bucket, key) {
      const { limit, consume } = buckets[bucket];
      return consume(key).then(({ consumed, msBeforeNext }) => ({
        allowed: consumed <= limit,
        limit,
        remaining: Math.max(0, limit - consumed),
        resetS: resetSeconds(msBeforeNext),
      }));
    },
    readiness(): ReturnType<GatewayLimiter['readiness']> {
      if (!redis) return {};
      return { redis: { check: () => pingRedis(redis), required: false, kind: 'rate-limit store' } };
    },
  };
}

/** `consumer` with each call's duration reported to `observe` (seconds), whether it counted or refused. */
function timed(consumer: PointsConsumer, observe: (seconds: number) => void): PointsConsumer {
  return {
    consume(key, points) {
      const started = performance.now();
      const done = () => observe((performance.now() - started) / 1000);
      const call = consumer.consume(key, points);
      call.then(done, done);
      return call;
    },
  };
}

/** True when Redis answers a PING; never waits on a reconnect (the offline queue is off). */
async function pingRedis(redis: RedisClient): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * The ioredis client the limiter needs (REDIS_URL in its standalone, Sentinel or Cluster form):
 * no offline queue and one retry per command, so while Redis is down a consume fails at once and
 * the insurance limiter answers instead of requests queueing; ioredis keeps reconnecting in the
 * background and the limiter uses Redis again as soon as the connection is ready. Each consume
 * touches one key, so a Cluster needs no hash tags here.
 */
export function createLimiterRedis(
  url: string,
  options: { maxReconnectDelayMs?: number; commandTimeoutMs?: number; onError?: (err: Error) => void } = {},
): RedisClient {
  const client = createRedisClient(url, {
    enableOfflineQueue: false,
    // Commands issued in the same tick go out in one write: under load many consumes share a
    // round trip and a syscall (each consume is still one atomic Lua call).
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    // A Redis that answers too slowly counts as down for that request (the insurance limiter answers).
    commandTimeoutMs: options.commandTimeoutMs ?? 1000,
    connectTimeoutMs: 2000,
    maxReconnectDelayMs: options.maxReconnectDelayMs ?? 2000,
    onError: options.onError ?? (() => {}),
  });
  registerStandaloneUrl(client, url);
  return client;
}
