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

/**
 * The Redis server's process id (INFO server), so a bench can count the CPU Redis spent on its
 * load from /proc; undefined for a Redis on another host (its pid means nothing here) or when
 * INFO does not say.
 */
export async function redisServerPid(redisUrl: string): Promise<number | undefined> {
  const host = new URL(redisUrl).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) return undefined;
  const redis = new RedisClient(redisUrl);
  try {
    const info = String(await redis.send('INFO', ['server']));
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    redis.close();
  }
}
