import type { KeyValueStore } from './key-value.ts';
import { checkRedisVersion, type RedisClient } from './redis-client.ts';
import { isRedisUnavailable, StoreUnavailableError } from './unavailable.ts';

/**
 * INCR, and PEXPIRE only when the key has no TTL yet: one atomic step on every Redis from 6.2
 * (`PEXPIRE ... NX` needs 7.0) and on a Cluster (one key, one slot).
 */
const INCR_WITH_WINDOW = `local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** HSET of every field pair, then PEXPIRE, atomically. */
const HSET_WITH_TTL = `redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * The production adapter over ioredis: standalone, Sentinel or Cluster (redis-client.ts), Redis
 * 6.2 or later. `prefix` namespaces every key (one service, one test run); it is applied here
 * rather than with ioredis' keyPrefix so the client can be shared. Keys that one command takes
 * together (a multi-key DEL) must share a hash tag (`otp:{+4915...}:code`), so that on a Cluster
 * they live in one slot. A Redis that is away or too slow surfaces as StoreUnavailableError
 * (503), never as the client's own error; ping() is false while it is away or older than 6.2.
 */
export function createRedisKeyValueStore(client: RedisClient, options: { prefix?: string } = {}): KeyValueStore {
  const p = options.prefix ?? '';
  const k = (key: string) => p + key;
  let versionSupported: boolean | undefined;
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw isRedisUnavailable(err) ? new StoreUnavailableError('redis', err) : err;
    }
  };
  return {
    kind: 'redis',
    get: (key) => guard(() => client.get(k(key))),
    set: (key, value, opts = {}) =>
      guard(async () => {
        const args: (string | number)[] = [];
        if (opts.px) args.push('PX', opts.px);
        if (opts.nx) args.push('NX');
        const res = await (client.set as (...a: unknown[]) => Promise<string | null>)(k(key), value, ...args);
        return res === 'OK';
      }),
    getdel: (key) => guard(() => client.getdel(k(key))),
    del: (...keys) => (keys.length === 0 ? Promise.resolve(0) : guard(() => client.del(...keys.map(k)))),
    incr: (key, opts = {}) =>
      guard(async () => {
        if (!opts.px) return client.incr(k(key));
        return Number(await client.eval(INCR_WITH_WINDOW, 1, k(key), opts.px));
      }),
    pttl: (key) => guard(() => client.pttl(k(key))),
    hset: (key, fields, opts = {}) =>
      guard(async () => {
        if (!opts.px) {
          await client.hset(k(key), fields);
          return;
        }
        await client.eval(HSET_WITH_TTL, 1, k(key), opts.px, ...Object.entries(fields).flat());
      }),
    hgetall: (key) => guard(() => client.hgetall(k(key))),
    hincrby: (key, field, by) => guard(() => client.hincrby(k(key), field, by)),
    async ping() {
      try {
        if ((await client.ping()) !== 'PONG') return false;
        versionSupported ??= (await checkRedisVersion(client)).supported;
        return versionSupported;
      } catch {
        return false;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
