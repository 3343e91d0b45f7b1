/** `@tm/shared/store/redis`: the key-value store on Redis through ioredis. */
export { createRedisKeyValueStore } from './redis-key-value.ts';
