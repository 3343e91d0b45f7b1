import { afterAll, describe, expect, it } from 'bun:test';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../testing/redis-under-test.ts';
import { compareVersions, createRedisClient, MIN_REDIS_VERSION, type RedisClient } from './redis-client.ts';
import { createRedisKeyValueStore } from './redis-key-value.ts';
import { StoreUnavailableError } from './unavailable.ts';

const prefix = `test:shared-rkv:${crypto.randomUUID()}:`;
const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('the Redis adapter on Redis 6.2', () => {
  it('sends no command or option newer than 6.2 (no PEXPIRE ... NX, no MULTI)', async () => {
    const monitor = new Redis(testRedisUrl());
    const seen: string[] = [];
    const m = await monitor.monitor();
    m.on('monitor', (_time: string, args: string[]) => {
      if (args.some((a) => a.startsWith(prefix))) seen.push(args.join(' ').toUpperCase());
    });
    const kv = createRedisKeyValueStore(redis, { prefix });
    await kv.incr('window', { px: 60_000 });
    await kv.incr('window', { px: 60_000 });
    await kv.hset('hash', { a: '1' }, { px: 60_000 });
    await kv.set('nx', '1', { nx: true, px: 1000 });
    await kv.getdel('nx');
    await redis.ping();
    // The monitor stream lags the commands a little: wait (bounded) for the last one to show.
    for (let i = 0; i < 100 && !seen.some((c) => c.startsWith('GETDEL')); i++) await Bun.sleep(10);
    m.disconnect();
    monitor.disconnect();
    expect(seen.some((c) => c.startsWith('GETDEL'))).toBe(true);
    expect(seen.filter((c) => /^PEXPIRE .* (NX|XX|GT|LT)$/.test(c))).toEqual([]);
    expect(seen.filter((c) => c.startsWith('MULTI') || c.startsWith('EXEC'))).toEqual([]);
  });

  it('orders versions numerically and holds 6.2.0 as the minimum', () => {
    expect(MIN_REDIS_VERSION).toBe('6.2.0');
    expect(compareVersions('6.2.14', '6.2.0')).toBeGreaterThan(0);
    expect(compareVersions('6.0.20', '6.2.0')).toBeLessThan(0);
    expect(compareVersions('7.0.15', '6.10.0')).toBeGreaterThan(0);
  });

  it('reports not ready when the server is older than 6.2', async () => {
    const old = { ping: async () => 'PONG', info: async () => '# Server\r\nredis_version:6.0.16\r\n' } as unknown as RedisClient;
    expect(await createRedisKeyValueStore(old).ping()).toBe(false);
    const current = { ping: async () => 'PONG', info: async () => '# Server\r\nredis_version:6.2.14\r\n' } as unknown as RedisClient;
    expect(await createRedisKeyValueStore(current).ping()).toBe(true);
  });
});

describe('the Redis adapter while Redis is away', () => {
  it('throws StoreUnavailableError (503 SERVICE_UNAVAILABLE) from every method, and ping is false', async () => {
    const errors: Error[] = [];
    // Port 9 (discard) on 127.0.0.1: nothing listens there.
    const client = createRedisClient('redis://127.0.0.1:9', {
      commandTimeoutMs: 300,
      connectTimeoutMs: 300,
      maxReconnectDelayMs: 50,
      onError: (e) => errors.push(e),
    });
    const kv = createRedisKeyValueStore(client, { prefix });
    try {
      const calls = [kv.get('a'), kv.set('a', '1', { nx: true }), kv.incr('c', { px: 1000 }), kv.del('a'), kv.pttl('a'), kv.hgetall('h'), kv.getdel('a')];
      for (const result of await Promise.allSettled(calls)) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(StoreUnavailableError);
        expect(reason).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterS: 5 });
      }
      expect(await kv.ping()).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it('keeps a reply error of the command itself (WRONGTYPE) as it is: a fault, not an outage', async () => {
    const kv = createRedisKeyValueStore(redis, { prefix });
    await kv.hset('typed', { a: '1' });
    const err = await kv.get('typed').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
    expect(String(err)).toContain('WRONGTYPE');
  });
});
