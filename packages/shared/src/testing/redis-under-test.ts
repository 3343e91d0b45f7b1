import { Redis } from 'ioredis';
import type { KeyValueStore } from '../store/key-value.ts';
import { createRedisKeyValueStore } from '../store/redis-key-value.ts';

/** The redis-server tests use: TEST_REDIS_URL, else the local default. Never REDIS_URL, which may point at a developer's real data. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * A KeyValueStore on the real redis-server under a fresh `test:<service>:<uuid>:` prefix, so
 * Redis-backed rules are tested against Redis itself; `cleanup()` deletes every key the test
 * wrote and closes the connection. Lives here so workspaces need no ioredis dependency of their own.
 */
export function redisKeyValueStoreUnderTest(service: string, url = testRedisUrl()): { store: KeyValueStore; prefix: string; cleanup(): Promise<void> } {
  const prefix = `test:${service}:${crypto.randomUUID()}:`;
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  const store = createRedisKeyValueStore(client, { prefix });
  return {
    store,
    prefix,
    async cleanup() {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
      await client.quit().catch(() => client.disconnect());
    },
  };
}
