import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Redis } from 'ioredis';
import { createManualClock } from '../core/clock.ts';
import { startTestRedisCluster, type TestRedisCluster } from '../testing/redis-cluster.ts';
import { testRedisUrl } from '../testing/redis-under-test.ts';
import { createEmbeddedKeyValueStore } from './embedded-key-value.ts';
import type { KeyValueStore } from './key-value.ts';
import { createRedisClient, type RedisClient } from './redis-client.ts';
import { createRedisKeyValueStore } from './redis-key-value.ts';

const redisUrl = testRedisUrl();
const prefix = `test:shared:${crypto.randomUUID()}:`;
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });

// A Redis Cluster of this file's own (three masters), so every adapter method is also run where
// multi-key commands must stay in one slot and no database index exists.
let cluster: TestRedisCluster;
let clusterClient: RedisClient;
beforeAll(async () => {
  cluster = await startTestRedisCluster();
  clusterClient = createRedisClient(cluster.url, { commandTimeoutMs: 2000, onError: () => {} });
}, 30_000);

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  clusterClient.disconnect();
  await cluster.stop();
});

const adapters: [string, () => KeyValueStore][] = [
  ['embedded', () => createEmbeddedKeyValueStore()],
  ['redis', () => createRedisKeyValueStore(redis, { prefix: `${prefix}${crypto.randomUUID()}:` })],
  ['redis cluster', () => createRedisKeyValueStore(clusterClient, { prefix: `${prefix}${crypto.randomUUID()}:` })],
];

for (const [name, make] of adapters) {
  describe(`key-value store on ${name}`, () => {
    it('sets with NX only when the key is absent', async () => {
      const kv = make();
      expect(await kv.set('k', 'one', { nx: true, px: 10_000 })).toBe(true);
      expect(await kv.set('k', 'two', { nx: true })).toBe(false);
      expect(await kv.get('k')).toBe('one');
      expect(await kv.set('k', 'three')).toBe(true);
      expect(await kv.get('k')).toBe('three');
    });

    it('lets exactly one of two concurrent NX sets win', async () => {
      const kv = make();
      const results = await Promise.all([kv.set('race', 'a', { nx: true, px: 5_000 }), kv.set('race', 'b', { nx: true, px: 5_000 })]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('consumes a value once with GETDEL', async () => {
      const kv = make();
      await kv.set('secret', 'v', { px: 10_000 });
      const [a, b] = await Promise.all([kv.getdel('secret'), kv.getdel('secret')]);
      expect([a, b].filter((x) => x === 'v')).toHaveLength(1);
      expect(await kv.get('secret')).toBeNull();
    });

    it('counts with INCR and starts the TTL at the first hit only', async () => {
      const kv = make();
      expect(await kv.incr('c', { px: 60_000 })).toBe(1);
      const ttl1 = await kv.pttl('c');
      expect(ttl1).toBeGreaterThan(0);
      expect(ttl1).toBeLessThanOrEqual(60_000);
      expect(await kv.incr('c', { px: 120_000 })).toBe(2);
      expect(await kv.pttl('c')).toBeLessThanOrEqual(60_000);
      expect(await kv.incr('plain')).toBe(1);
      expect(await kv.pttl('plain')).toBe(-1);
      expect(await kv.pttl('missing')).toBe(-2);
    });

    it('keeps hashes with a TTL and increments fields atomically', async () => {
      const kv = make();
      await kv.hset('h', { hash: 'abc', attempts: '0' }, { px: 30_000 });
      expect(await kv.hgetall('h')).toEqual({ hash: 'abc', attempts: '0' });
      const counts = await Promise.all([kv.hincrby('h', 'attempts', 1), kv.hincrby('h', 'attempts', 1)]);
      expect(counts.sort()).toEqual([1, 2]);
      expect(await kv.pttl('h')).toBeGreaterThan(0);
      expect(await kv.hgetall('nothing')).toEqual({});
    });

    it('deletes keys that share a hash tag in one step and reports how many existed', async () => {
      const kv = make();
      await kv.set('d:{one}:1', 'x');
      await kv.set('d:{one}:2', 'y');
      expect(await kv.del('d:{one}:1', 'd:{one}:2', 'd:{one}:3')).toBe(2);
      expect(await kv.del()).toBe(0);
    });

    it('keeps a window counter expiring under concurrent first hits', async () => {
      const kv = make();
      const counts = await Promise.all(Array.from({ length: 20 }, () => kv.incr('burst', { px: 30_000 })));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await kv.pttl('burst')).toBeGreaterThan(0);
    });

    it('answers ping', async () => {
      expect(await make().ping()).toBe(true);
    });
  });
}

describe('embedded key-value store expiry', () => {
  it('forgets keys once their TTL has passed on the injected clock', async () => {
    const clock = createManualClock();
    const kv = createEmbeddedKeyValueStore({ clock });
    await kv.set('otp', '1', { px: 1_000 });
    await kv.incr('n', { px: 1_000 });
    await kv.hset('h', { a: '1' }, { px: 1_000 });
    clock.advance(999);
    expect(await kv.get('otp')).toBe('1');
    clock.advance(1);
    expect(await kv.get('otp')).toBeNull();
    expect(await kv.incr('n', { px: 1_000 })).toBe(1);
    expect(await kv.hgetall('h')).toEqual({});
  });

  it('refuses to treat a hash as a string, as Redis does', async () => {
    const kv = createEmbeddedKeyValueStore();
    await kv.hset('h', { a: '1' });
    await expect(kv.get('h')).rejects.toThrow('WRONGTYPE');
  });
});

describe('redis key-value store expiry', () => {
  it('expires keys on the real server', async () => {
    const kv = createRedisKeyValueStore(redis, { prefix: `${prefix}exp:` });
    await kv.set('short', 'x', { px: 50 });
    const deadline = Date.now() + 2_000;
    while ((await kv.get('short')) !== null && Date.now() < deadline) await Bun.sleep(20);
    expect(await kv.get('short')).toBeNull();
  });
});
