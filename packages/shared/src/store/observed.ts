import type { Telemetry } from '../telemetry/telemetry.ts';
import type { Doc, DocumentCollection, DocumentStore, FindCursor } from './documents.ts';
import type { KeyValueStore } from './key-value.ts';

/** The collection methods that are one operation each (find's cursor is timed when it is read). */
const COLLECTION_OPERATIONS = [
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
  'bulkWrite',
  'createIndex',
] as const;

const KEY_VALUE_OPERATIONS = ['get', 'set', 'getdel', 'del', 'incr', 'pttl', 'hset', 'hgetall', 'hincrby'] as const;

/** Times `run` as one store operation; a failed operation is timed too (a timeout is the slowest kind). */
async function timed<R>(telemetry: Telemetry, store: string, collection: string, operation: string, run: () => Promise<R>): Promise<R> {
  const end = telemetry.startStoreOperation(store, collection, operation);
  try {
    const result = await run();
    end();
    return result;
  } catch (err) {
    end(true);
    throw err;
  }
}

/**
 * The same document store with every operation reported to `telemetry` (duration by store,
 * collection and operation; a span when traces are on). Wraps the port, so MongoDB and the
 * embedded store are observed alike; one collection wrapper per name, made on first use.
 */
export function observeDocumentStore(store: DocumentStore, telemetry: Telemetry): DocumentStore {
  const wrapped = new Map<string, DocumentCollection<Doc>>();
  return {
    kind: store.kind,
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      let c = wrapped.get(name);
      if (!c) {
        c = observeCollection(store.collection<Doc>(name), store.kind, telemetry);
        wrapped.set(name, c);
      }
      return c as unknown as DocumentCollection<T>;
    },
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

function observeCollection<T extends Doc>(inner: DocumentCollection<T>, kind: string, telemetry: Telemetry): DocumentCollection<T> {
  const name = inner.collectionName;
  const outer: Record<string, unknown> = { collectionName: name };
  for (const op of COLLECTION_OPERATIONS) {
    const method = (inner[op] as (...args: unknown[]) => Promise<unknown>).bind(inner);
    outer[op] = (...args: unknown[]) => timed(telemetry, kind, name, op, () => method(...args));
  }
  outer.find = (...args: Parameters<DocumentCollection<T>['find']>): FindCursor<T> => {
    const cursor = inner.find(...args);
    // A batched read is one operation per batch (a getMore on MongoDB).
    const timedBatches = async function* <B>(batches: AsyncIterable<B>): AsyncIterable<B> {
      const it = batches[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await timed(telemetry, kind, name, 'find.batch', () => it.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        await it.return?.();
      }
    };
    const rawBatches = cursor.rawBatches?.bind(cursor);
    return {
      toArray: () => timed(telemetry, kind, name, 'find', () => cursor.toArray()),
      batches: (size) => timedBatches(cursor.batches(size)),
      ...(rawBatches ? { rawBatches: (size: number) => timedBatches(rawBatches(size)) } : {}),
    };
  };
  return outer as unknown as DocumentCollection<T>;
}

/** The same key-value store with every command reported to `telemetry` (store redis or embedded, no collection). */
export function observeKeyValueStore(store: KeyValueStore, telemetry: Telemetry): KeyValueStore {
  const outer: Record<string, unknown> = { kind: store.kind, ping: () => store.ping(), close: () => store.close() };
  for (const op of KEY_VALUE_OPERATIONS) {
    const method = (store[op] as (...args: unknown[]) => Promise<unknown>).bind(store);
    outer[op] = (...args: unknown[]) => timed(telemetry, store.kind, '', op, () => method(...args));
  }
  return outer as unknown as KeyValueStore;
}
