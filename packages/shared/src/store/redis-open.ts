import type { Logger } from '../core/logger.ts';
import { checkRedisVersion, createRedisClient, MIN_REDIS_VERSION, type RedisClient } from './redis-client.ts';
import type { RedisSettings } from './redis-settings.ts';
import { parseRedisUrl } from './redis-url.ts';

/**
 * The ioredis client for a service's key-value store, with one log line per outage (not one per
 * reconnect attempt) and the server's version checked and reported each time it connects.
 */
export function openRedis(settings: RedisSettings, logger: Logger): RedisClient {
  let down = false;
  const client = createRedisClient(settings.url, {
    commandTimeoutMs: settings.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    onError: (err) => {
      if (down) return;
      down = true;
      logger.warn('redis unavailable', { error: err.message });
    },
  });
  client.on('ready', () => {
    down = false;
    checkRedisVersion(client).then(
      ({ version, supported }) => {
        const topology = parseRedisUrl(settings.url).mode;
        if (supported) logger.info('redis connected', { version, topology });
        else logger.error('redis version unsupported: readiness stays down', { version, minimum: MIN_REDIS_VERSION, topology });
      },
      (err: unknown) => logger.warn('redis version check failed', { error: String(err) }),
    );
  });
  return client;
}
