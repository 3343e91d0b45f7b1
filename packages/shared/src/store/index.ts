/**
 * `@tm/shared/store`: the store ports and their types, and `connectStores`, which loads an
 * adapter's driver only when the configuration asks for it. Adapters themselves are in
 * `@tm/shared/store/mongo`, `/store/redis` and `/store/embedded`.
 */
export { connectStores, type Stores } from './connect.ts';
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
