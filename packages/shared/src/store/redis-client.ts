import { Cluster, Redis } from 'ioredis';
import { parseRedisUrl } from './redis-url.ts';

/** A standalone/Sentinel client or a Cluster client: the commands the adapters use exist on both. */
export type RedisClient = Redis | Cluster;

/** The oldest Redis the adapters run on: GETDEL and SET ... GET need 6.2. */
export const MIN_REDIS_VERSION = '6.2.0';

export interface RedisClientOptions {
  /** A command unanswered after this long fails (and the caller answers 503). */
  commandTimeoutMs: number;
  connectTimeoutMs?: number;
  /** false: while disconnected, commands fail at once instead of queueing (the gateway's limiter). */
  enableOfflineQueue?: boolean;
  maxRetriesPerRequest?: number;
  enableAutoPipelining?: boolean;
  maxReconnectDelayMs?: number;
  /** Every client error event (ioredis prints "Unhandled error event" when nobody listens). */
  onError: (error: Error) => void;
}

/**
 * Builds the ioredis client for REDIS_URL in any of its forms (redis-url.ts): a Redis for
 * standalone and Sentinel, a Cluster for Cluster. It reconnects for ever with a capped backoff,
 * so a Redis that comes back is used again without a restart.
 */
export function createRedisClient(url: string, options: RedisClientOptions): RedisClient {
  const target = parseRedisUrl(url);
  const maxDelay = options.maxReconnectDelayMs ?? 2000;
  const common = {
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    maxRetriesPerRequest: options.maxRetriesPerRequest ?? 1,
    enableOfflineQueue: options.enableOfflineQueue ?? true,
    retryStrategy: (times: number) => Math.min(times * 100, maxDelay),
  };
  let client: RedisClient;
  if (target.mode === 'standalone') {
    client = new Redis(target.url, { ...common, enableAutoPipelining: options.enableAutoPipelining ?? false });
  } else if (target.mode === 'sentinel') {
    client = new Redis({
      ...common,
      enableAutoPipelining: options.enableAutoPipelining ?? false,
      sentinels: target.sentinels,
      name: target.name,
      db: target.db,
      ...target.auth,
      ...(target.sentinelPassword ? { sentinelPassword: target.sentinelPassword } : {}),
      ...(target.tls ? { tls: {}, sentinelTLS: {}, enableTLSForSentinelMode: true } : {}),
      sentinelRetryStrategy: (times: number) => Math.min(times * 100, maxDelay),
    });
  } else {
    client = new Cluster(target.nodes, {
      enableOfflineQueue: common.enableOfflineQueue,
      enableAutoPipelining: options.enableAutoPipelining ?? false,
      clusterRetryStrategy: (times: number) => Math.min(times * 100, maxDelay),
      // A slot moved by a failover or resharding: follow it, a few times at most.
      maxRedirections: 16,
      retryDelayOnClusterDown: 100,
      slotsRefreshTimeout: common.connectTimeout,
      redisOptions: {
        ...target.auth,
        commandTimeout: common.commandTimeout,
        connectTimeout: common.connectTimeout,
        maxRetriesPerRequest: common.maxRetriesPerRequest,
        ...(target.tls ? { tls: {} } : {}),
      },
    });
  }
  client.on('error', options.onError);
  return client;
}

/** The version the Redis behind `client` reports (the lowest master's for a Cluster), and whether the adapters support it. */
export async function checkRedisVersion(client: RedisClient): Promise<{ version: string; supported: boolean }> {
  const nodes = client instanceof Cluster ? client.nodes('master') : [client];
  const infos = await Promise.all(nodes.map((n) => n.info('server')));
  const versions = infos.map((info) => /^redis_version:(\S+)/m.exec(info)?.[1] ?? '0.0.0');
  const lowest = versions.sort(compareVersions)[0] ?? '0.0.0';
  return { version: lowest, supported: compareVersions(lowest, MIN_REDIS_VERSION) >= 0 };
}

/** Orders dotted version strings numerically (6.2.14 < 7.0.0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
