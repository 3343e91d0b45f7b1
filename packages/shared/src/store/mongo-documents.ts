import {
  BSON,
  type Collection,
  type Db,
  MongoClient,
  type FindCursor as MongoFindCursor,
  MongoNetworkError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  ObjectId,
} from 'mongodb';
import { type Logger, silentLogger } from '../core/logger.ts';
import { batchSizeOf, type Doc, type DocumentCollection, type DocumentStore, type IndexOptions, type IndexSpec } from './documents.ts';
import type { MongoSettings } from './mongo-settings.ts';
import { StoreUnavailableError } from './unavailable.ts';

/**
 * The production adapter: the official driver, built without waiting for a connection (the
 * driver connects on first use and keeps trying), so a service starts, reports not-ready and
 * serves once MongoDB comes. Every operation is bounded by `timeoutMs`: the driver's own
 * `timeoutMS` is deprecated with no effect in driver 7.9, so the bound is made of server
 * selection, pool checkout (waitQueueTimeoutMS) and socket inactivity (socketTimeoutMS: a server
 * that stops answering mid-operation fails it, instead of holding a pool connection for ever).
 */
export function createMongoDocumentStore(settings: MongoSettings, options: { logger?: Logger; appName?: string } = {}): DocumentStore {
  const client = new MongoClient(settings.url, {
    appName: options.appName ?? 'talent-marketplace',
    serverSelectionTimeoutMS: settings.timeoutMs,
    waitQueueTimeoutMS: settings.timeoutMs,
    socketTimeoutMS: settings.timeoutMs,
    connectTimeoutMS: Math.min(settings.timeoutMs, 10_000),
    maxPoolSize: settings.maxPoolSize,
    minPoolSize: settings.minPoolSize,
    // The embedded store skips undefined fields; without this the driver stores them as null,
    // which a sparse unique index counts (two customers without an email would collide).
    ignoreUndefined: true,
    ...(settings.readPreference ? { readPreference: settings.readPreference } : {}),
  });
  return mongoDocumentStore(client, client.db(settings.database), { logger: options.logger, pingTimeoutMs: settings.timeoutMs });
}

/** Connects eagerly (scripts, tests); services use createMongoDocumentStore. */
export async function connectMongoDocumentStore(url: string, options: { dbName?: string } = {}): Promise<DocumentStore> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, socketTimeoutMS: 10_000, appName: 'talent-marketplace', ignoreUndefined: true });
  await client.connect();
  return mongoDocumentStore(client, client.db(options.dbName));
}

/** Server error codes that mean "not now" (failover, shutdown, a slow server), not "wrong request". */
const TRANSIENT_CODES = new Set([6, 7, 50, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/** True when a driver error means MongoDB is unreachable, failing over or too slow: a retry can succeed. */
export function isMongoUnavailable(err: unknown): boolean {
  if (err instanceof MongoNetworkError || err instanceof MongoServerSelectionError || err instanceof MongoOperationTimeoutError) return true;
  if (err instanceof MongoTopologyClosedError) return true;
  if (err instanceof MongoServerError) {
    return TRANSIENT_CODES.has(Number(err.code)) || err.hasErrorLabel('RetryableWriteError') || err.hasErrorLabel('TransientTransactionError');
  }
  return false;
}

const guard = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    throw isMongoUnavailable(err) ? new StoreUnavailableError('mongodb', err) : err;
  }
};

/** Codes createIndexes answers when an index of that name or key exists with other options. */
const INDEX_CONFLICT = new Set([85 /* IndexOptionsConflict */, 86 /* IndexKeySpecsConflict */]);

/**
 * createIndex with a migration path: when an index of the same name or key exists with other
 * options (a TTL changed, unique added), MongoDB refuses with 85/86 and a service would
 * crash-loop on every start. The old index is dropped and the new one built, once, and logged.
 */
async function createOrMigrateIndex(collection: Collection, keys: IndexSpec, options: IndexOptions, logger: Logger): Promise<string> {
  try {
    return await collection.createIndex(keys, options);
  } catch (err) {
    if (!(err instanceof MongoServerError) || !INDEX_CONFLICT.has(Number(err.code))) throw err;
    const existing = await collection.listIndexes().toArray();
    const sameKey = (ix: { key: Record<string, unknown> }) => JSON.stringify(ix.key) === JSON.stringify(keys);
    const stale = existing.find((ix) => (options.name !== undefined && ix.name === options.name) || sameKey(ix as { key: Record<string, unknown> }));
    if (!stale || stale.name === '_id_') throw err;
    logger.warn('index options changed: rebuilding the index', { collection: collection.collectionName, index: stale.name, code: err.code });
    await collection.dropIndex(stale.name as string);
    return collection.createIndex(keys, options);
  }
}

/**
 * Ids are strings everywhere in the services. A document inserted by hand (Compass, the Atlas UI)
 * gets an ObjectId `_id`; read as is, it would fail every response schema of a page holding it.
 * It is read with the id's hex string instead, and the first one per collection is logged.
 */
function normaliseId<T>(doc: T, collection: string, logger: Logger, warned: Set<string>): T {
  if (doc === null || typeof doc !== 'object') return doc;
  const id = (doc as { _id?: unknown })._id;
  if (!(id instanceof ObjectId)) return doc;
  if (!warned.has(collection)) {
    warned.add(collection);
    logger.warn('document with an ObjectId _id read as its hex string (insert documents with string ids)', { collection, id: id.toHexString() });
  }
  return { ...doc, _id: id.toHexString() };
}

/** The methods of the port; each is guarded so an outage surfaces as StoreUnavailableError. */
const PORT_METHODS = new Set([
  'findOne',
  'countDocuments',
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'replaceOne',
  'deleteOne',
  'deleteMany',
]);

/** Port methods that return a document (or null), whose `_id` is normalised. */
const RETURNS_DOC = new Set(['findOne', 'findOneAndUpdate']);

/** What the adapter uses of the driver's find cursor. */
type DriverFindCursor = Pick<MongoFindCursor, 'toArray' | 'batchSize' | 'hasNext' | 'readBufferedDocuments' | 'close'>;

function wrapCollection<T extends Doc>(collection: Collection, logger: Logger, warned: Set<string>): DocumentCollection<T> {
  const name = collection.collectionName;
  return new Proxy(collection, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'createIndex') return (keys: IndexSpec, options: IndexOptions = {}) => guard(() => createOrMigrateIndex(target, keys, options, logger));
      if (prop === 'find') {
        return (...args: unknown[]) => {
          const cursor = (value as (...a: unknown[]) => DriverFindCursor).apply(target, args);
          const normalise = (d: unknown) => normaliseId(d, name, logger, warned);
          return {
            toArray: () => guard(async () => (await cursor.toArray()).map(normalise)),
            async *batches(wanted: number) {
              const size = batchSizeOf(wanted);
              try {
                cursor.batchSize(size);
                // hasNext fetches the next batch when the buffer is empty; the buffer is handed out at most `size` at a time.
                while (await guard(() => cursor.hasNext())) yield cursor.readBufferedDocuments(size).map(normalise);
              } finally {
                await cursor.close().catch(() => undefined);
              }
            },
            async *rawBatches(wanted: number) {
              const size = batchSizeOf(wanted);
              const [filter, options] = args as [unknown, Record<string, unknown> | undefined];
              const raw = (value as (...a: unknown[]) => DriverFindCursor).apply(target, [filter, { ...options, raw: true }]);
              raw.batchSize(size);
              // The next batch is asked for as soon as one is handed out, so the server's sending
              // and the driver's reading of it overlap the caller's work on this one.
              const next = () => {
                const more = guard(() => raw.hasNext());
                more.catch(() => undefined); // rejected: thrown where it is awaited, or dropped with the cursor
                return more;
              };
              let more = next();
              try {
                while (await more) {
                  const batch = raw.readBufferedDocuments(size) as unknown as Uint8Array[];
                  more = next();
                  yield batch;
                }
              } finally {
                // A getMore still in flight is let finish first (bounded by the socket timeout):
                // the driver sends no killCursors for a cursor closed meanwhile.
                await more.catch(() => undefined);
                await raw.close().catch(() => undefined);
                await cursor.close().catch(() => undefined);
              }
            },
          };
        };
      }
      if (typeof prop === 'string' && RETURNS_DOC.has(prop)) {
        return (...args: unknown[]) =>
          guard(async () => normaliseId(await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args), name, logger, warned));
      }
      if (typeof prop === 'string' && PORT_METHODS.has(prop))
        return (...args: unknown[]) => guard(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      return value;
    },
  }) as unknown as DocumentCollection<T>;
}

/** A document as the driver would have decoded it from its BSON (`rawBatches`' documents), with the driver's default options. */
export function decodeBson(bytes: Uint8Array): Record<string, unknown> {
  return BSON.deserialize(bytes);
}

/**
 * A document from its BSON as the adapter's own reads (`find`, `batches`) hand it out: the driver's
 * decoding, with an ObjectId `_id` (a document inserted by hand) read as its hex string. For a
 * reader of `rawBatches` whose own reading leaves a document to the driver.
 */
export function decodeStoredBson(bytes: Uint8Array): Record<string, unknown> {
  const doc = BSON.deserialize(bytes);
  return doc._id instanceof ObjectId ? { ...doc, _id: doc._id.toHexString() } : doc;
}

/** A document's BSON, as the driver would send it (tests of readers of `rawBatches`). */
export function encodeBson(doc: Record<string, unknown>): Uint8Array {
  return BSON.serialize(doc);
}

/** Wraps an already connected client and database (tests use it with a per-run database). */
export function mongoDocumentStore(client: MongoClient, db: Db, options: { logger?: Logger; pingTimeoutMs?: number } = {}): DocumentStore {
  const logger = options.logger ?? silentLogger;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  // Collections whose ObjectId _id was logged already (once per collection per process).
  const warned = new Set<string>();
  return {
    kind: 'mongodb',
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      return wrapCollection<T>(db.collection(name), logger, warned);
    },
    // Bounded: a server that stops answering makes /readyz say so within pingTimeoutMs.
    ping: async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), pingTimeoutMs);
      });
      try {
        return await Promise.race([db.command({ ping: 1 }).then(() => true), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => client.close(),
  };
}
