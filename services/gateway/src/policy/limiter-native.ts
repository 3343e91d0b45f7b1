import type { RedisClient } from '@tm/shared/store/redis';
import { RedisClient as NativeRedis } from 'bun';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { PointsConsumer } from './coalesce.ts';
import { INCR_TTL } from './count-script.ts';

/**
 * The limiter's counting call over Bun's own Redis client, beside the ioredis one.
 *
 * Measured on the 2-core VM (scripts/bench/profile-gateway.ts, docs/benchmarks.md): ioredis under
 * Bun goes through the node:net emulation, and one round trip cost ~180 us of CPU against ~40 us
 * with Bun's native client; its socket writes were the largest single cost of the policy. So
 * for a standalone Redis (redis:// and rediss:// URLs) each coalesced flight is sent on a native
 * client, with the same script and the same keys as rate-limiter-flexible's RateLimiterRedis: a
 * replica on either path, or a rolling deploy mixing both, counts in the same place alike.
 * ioredis stays the client of record: its state decides whether Redis is usable (/readyz, the
 * insurance limiter while it is not), and Sentinel and Cluster use it alone.
 */

const INCR_TTL_SHA = new Bun.CryptoHasher('sha1').update(INCR_TTL).digest('hex');

/** One native client per ioredis client (its URL registered by createLimiterRedis), closed when ioredis ends. */
interface NativeLink {
  client: NativeRedis;
  connecting: Promise<void> | undefined;
}
const standaloneUrls = new WeakMap<RedisClient, string>();
const links = new WeakMap<RedisClient, NativeLink>();

/** Called by createLimiterRedis: a standalone URL's client gets the native path. */
export function registerStandaloneUrl(redis: RedisClient, url: string): void {
  // redis:// and rediss:// are standalone; redis+sentinel:// and redis+cluster:// are not (docs/data-layer.md).
  if (/^rediss?:\/\//.test(url.trim())) standaloneUrls.set(redis, url.trim());
}

function linkOf(redis: RedisClient): NativeLink | undefined {
  const known = links.get(redis);
  if (known) return known;
  const url = standaloneUrls.get(redis);
  if (url === undefined) return undefined;
  // No offline queue: while disconnected a call fails at once (and ioredis's path answers instead).
  const client = new NativeRedis(url, { enableOfflineQueue: false, autoReconnect: true, connectionTimeout: 2000, enableAutoPipelining: true });
  const link: NativeLink = { client, connecting: undefined };
  links.set(redis, link);
  redis.once('end', () => client.close());
  return link;
}

/** Connects the native client in the background (once at a time); the ioredis path answers meanwhile. */
function reconnect(link: NativeLink): void {
  if (link.connecting) return;
  link.connecting = link.client
    .connect()
    .catch(() => {})
    .finally(() => {
      link.connecting = undefined;
    });
}

/**
 * Connects `redis`'s native client now (createGatewayLimiter starts it as the limiter is built);
 * resolves whether it is connected. False when `redis` has no native path.
 */
export async function connectNative(redis: RedisClient): Promise<boolean> {
  const link = linkOf(redis);
  if (!link) return false;
  if (!link.client.connected) {
    reconnect(link);
    await link.connecting;
  }
  return link.client.connected;
}

/**
 * The bucket's consumer: the native client when ioredis says Redis is ready and the native
 * client is connected, else `viaIoredis` (rate-limiter-flexible, which falls back to the
 * insurance limiter while Redis is away). A native call that fails or takes longer than
 * `commandTimeoutMs` is answered by `insurance`, as rate-limiter-flexible does for ioredis.
 * `undefined` when `redis` has no standalone URL (Sentinel, Cluster, a client made elsewhere).
 */
export function nativeConsumer(
  redis: RedisClient,
  options: { keyPrefix: string; points: number; windowS: number; commandTimeoutMs: number; viaIoredis: PointsConsumer; insurance: PointsConsumer },
): PointsConsumer | undefined {
  const link = linkOf(redis);
  if (!link) return undefined;
  if (!link.client.connected) reconnect(link);
  const { keyPrefix, points, windowS, commandTimeoutMs, viaIoredis, insurance } = options;
  const window = String(windowS);
  const run = async (rlKey: string, n: number): Promise<[number, number]> => {
    const args = ['1', rlKey, String(n), window];
    try {
      return (await link.client.send('EVALSHA', [INCR_TTL_SHA, ...args])) as [number, number];
    } catch (err) {
      // Not in this Redis's script cache yet (a first call, a restart, SCRIPT FLUSH): EVAL caches it.
      if (!String((err as Error)?.message).includes('NOSCRIPT')) throw err;
      return (await link.client.send('EVAL', [INCR_TTL, ...args])) as [number, number];
    }
  };
  return {
    consume(key, n = 1) {
      if (redis.status !== 'ready') return viaIoredis.consume(key, n);
      if (!link.client.connected) {
        reconnect(link);
        return viaIoredis.consume(key, n);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis command timed out')), commandTimeoutMs);
      });
      return Promise.race([run(`${keyPrefix}:${key}`, n), timeout]).then(
        ([consumed, msBeforeNext]) => {
          clearTimeout(timer);
          const count = Number(consumed);
          return new RateLimiterRes(Math.max(points - count, 0), Number(msBeforeNext), count, count === n);
        },
        () => {
          clearTimeout(timer);
          return insurance.consume(key, n);
        },
      );
    },
  };
}
