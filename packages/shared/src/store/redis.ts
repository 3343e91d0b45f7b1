/** `@tm/shared/store/redis`: the key-value store on Redis through ioredis (standalone, Sentinel, Cluster). */
export { checkRedisVersion, compareVersions, createRedisClient, MIN_REDIS_VERSION, type RedisClient } from './redis-client.ts';
export { createRedisKeyValueStore } from './redis-key-value.ts';
export { openRedis } from './redis-open.ts';
