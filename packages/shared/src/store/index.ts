/**
 * `@tm/shared/store`: the store ports and their types, `openStores` (which loads an adapter's
 * driver only when the configuration asks for it), start-up retries and readiness, the Redis
 * settings and URL forms, the outage error, and the SEED rule of the services with seed data. Adapters themselves are in
 * `@tm/shared/store/mongo`, `/store/redis` and `/store/embedded`.
 */
export { readPlainBson } from './bson-plain.ts';
export { gateReadiness, openStores, retryUntilDone, type Stores } from './connect.ts';
export {
  type BulkWriteOperation,
  type BulkWriteResult,
  type Doc,
  type DocumentCollection,
  type DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  isDuplicateKeyError,
  type Update,
} from './documents.ts';
export type { KeyValueStore } from './key-value.ts';
export { createLeases, defaultOwner, type Lease, type LeaseDoc, type Leases } from './lease.ts';
export { observeDocumentStore, observeKeyValueStore } from './observed.ts';
export { optionalRedisUrl, REDIS_SETTINGS, type RedisSettings } from './redis-settings.ts';
export { parseRedisUrl, type RedisTarget } from './redis-url.ts';
export { chooseSeedMode, readSeedMode, SEED_MODES, type SeedMode, shouldSeed } from './seed.ts';
export { isRedisUnavailable, StoreUnavailableError } from './unavailable.ts';
