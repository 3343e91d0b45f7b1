import { RedisClient } from 'bun';

/** Deletes every key under `prefix` (a run's own, so other users of the Redis are untouched), SCAN by SCAN. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new RedisClient(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = (await redis.send('SCAN', [cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000'])) as [string, string[]];
      cursor = next;
      if (keys.length > 0) await redis.send('DEL', keys);
    } while (cursor !== '0');
  } finally {
    redis.close();
  }
}
