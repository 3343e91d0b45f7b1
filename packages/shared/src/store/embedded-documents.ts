import { edenGC } from 'bun:jsc';
import type { Clock } from '../core/clock.ts';
import { systemClock } from '../core/clock.ts';
import {
  type BulkWriteOperation,
  type BulkWriteResult,
  batchSizeOf,
  type Doc,
  type DocumentCollection,
  type DocumentStore,
  type Filter,
  type FindCursor,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexOptions,
  type IndexSpec,
  type Projection,
  type Sort,
  type Update,
  type UpdateResult,
} from './documents.ts';
import { asDriverWrites } from './embedded-bulk.ts';
import { IndexedRows } from './embedded-indexed.ts';
import { assertOperators, updatedCopy } from './embedded-update.ts';
import { sealCopy } from './embedded-values.ts';
import { project, seedFromFilter } from './mongo-semantics.ts';

/** Options of the embedded document store. */
export interface EmbeddedDocumentStoreOptions {
  clock?: Clock;
  /** Past this many encoded bytes a collection keeps its documents in a temporary file (default 64 MiB; embedded-bodies.ts). */
  spillAboveBytes?: number;
}

/**
 * An in-process document store with MongoDB's query and update semantics (via mingo) and real
 * indexes: `_id` and unique fields by hash, declared indexes as equality buckets and sorted
 * orders, so a read costs what it returns, not the collection. Documents are kept encoded, off the
 * JS heap (embedded-rows.ts), and every read decodes its own copy, as the driver hands out: a
 * caller may change what it read, and what it wrote, without changing what is stored. Values are
 * stored as the services' driver sends them (an `undefined` field is left out). Single process.
 */
export function createEmbeddedDocumentStore(options: EmbeddedDocumentStoreOptions = {}): DocumentStore {
  const clock = options.clock ?? systemClock;
  const collections = new Map<string, EmbeddedCollection<Doc>>();
  return {
    kind: 'embedded',
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      let c = collections.get(name);
      if (!c) {
        c = new EmbeddedCollection<Doc>(name, clock, options.spillAboveBytes);
        collections.set(name, c);
      }
      return c as unknown as DocumentCollection<T>;
    },
    ping: async () => true,
    close: async () => {
      for (const c of collections.values()) c.close();
    },
  };
}

/** A bulk write of at least this many operations collects its young garbage when done. */
const BULK_COLLECT = 256;

const NO_MATCH: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };

class EmbeddedCollection<T extends Doc> implements DocumentCollection<T> {
  /** The documents and their indexes. */
  private readonly rows: IndexedRows<T>;

  constructor(
    readonly collectionName: string,
    clock: Clock,
    spillAboveBytes: number | undefined,
  ) {
    this.rows = new IndexedRows<T>(collectionName, clock, spillAboveBytes);
  }

  /** Closes the file its documents spilled to, if any (the store's close()). */
  close(): void {
    this.rows.close();
  }

  async findOne(filter: Filter, options: { projection?: Projection; sort?: Sort } = {}): Promise<T | null> {
    const [doc] = this.select(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  find(filter: Filter, options: FindOptions = {}): FindCursor<T> {
    // The query runs when the cursor is read, like the driver's lazy cursor.
    const self = this;
    return {
      toArray: async () => this.select(filter, options),
      // Each batch is decoded as it is asked for: a reader holds one batch of documents, not all.
      async *batches(wanted) {
        const size = batchSizeOf(wanted);
        const heads = self.page(filter, options);
        for (let i = 0; i < heads.length; i += size) yield heads.slice(i, i + size).map((h) => self.output(h, undefined, options.projection));
      },
    };
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const keys = Object.keys(filter);
    if (keys.length === 0 && this.rows.ttl.length === 0) return this.rows.docs.size;
    // One field pinned to a non-null scalar that leads an index: the bucket's size is the count.
    const only = keys.length === 1 ? (keys[0] as string) : undefined;
    const value = only === undefined ? undefined : filter[only];
    const bucket = only === undefined ? undefined : this.rows.buckets.get(only);
    if (bucket && this.rows.ttl.length === 0 && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
      return bucket.count(value);
    return this.rows.plan(filter, {}).length;
  }

  async insertOne(doc: T): Promise<{ insertedId: string }> {
    this.insertAll([doc]);
    return { insertedId: doc._id };
  }

  async insertMany(docs: readonly T[]): Promise<{ insertedCount: number }> {
    // Ordered, as the driver's default: one after the other, and a failure (a duplicate key) stops
    // the rest while those inserted before it stay, as on MongoDB.
    await this.inBulk(async () => {
      for (const doc of docs) this.insertAll([doc]);
    });
    return { insertedCount: docs.length };
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.updateFirst(filter, update, options.upsert ?? false).result;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    assertOperators(update);
    const targets = this.rows.plan(filter, {});
    // One document at a time and not atomic, as on MongoDB: a failure (a duplicate key) stops the
    // update, and the documents updated before it stay updated.
    let modified = 0;
    await this.inBulk(async () => {
      for (const target of targets) {
        const whole = this.rows.full(target);
        const next = this.applied(whole, update, false);
        if (next === whole || Bun.deepEquals(whole, next)) continue;
        this.rows.replace(target, next);
        modified++;
      }
    });
    return { matchedCount: targets.length, modifiedCount: modified, upsertedCount: 0, upsertedId: null };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const { before, after } = this.updateFirst(filter, update, options.upsert ?? false, options.sort);
    const doc = options.returnDocument === 'after' ? after : before;
    return doc ? project(doc, options.projection) : null;
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    for (const key of Object.keys(doc)) if (key.startsWith('$')) throw new TypeError('replacement document must not contain operators');
    const [target] = this.rows.plan(filter, { limit: 1 });
    if (!target) {
      if (!options.upsert) return NO_MATCH;
      this.insertAll([doc]);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: doc._id };
    }
    const next = sealCopy({ ...doc, _id: target._id });
    const modified = !Bun.deepEquals(this.rows.full(target), next);
    this.rows.replace(target, next);
    return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const [target] = this.rows.plan(filter, { limit: 1 });
    if (!target) return { deletedCount: 0 };
    this.rows.removeAll([target]);
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const doomed = this.rows.plan(filter, {});
    this.rows.removeAll(doomed);
    return { deletedCount: doomed.length };
  }

  async bulkWrite(operations: readonly BulkWriteOperation<T>[], options: { ordered?: boolean } = {}): Promise<BulkWriteResult> {
    try {
      return await asDriverWrites(this, operations, options.ordered ?? true);
    } finally {
      // A bulk of many documents leaves each one's copies and encodings behind: collected now, so
      // an import of 100k documents in batches holds one batch of garbage, not the heap's size of it.
      if (operations.length >= BULK_COLLECT) edenGC();
    }
  }

  async createIndex(keys: IndexSpec, options: IndexOptions = {}): Promise<string> {
    return this.rows.createIndex(keys, options);
  }

  /** Runs many writes with sorted indexes rebuilt once afterwards (bulk writes). */
  inBulk<R>(run: () => Promise<R>): Promise<R> {
    return this.rows.inBulk(run);
  }

  /** Inserts documents as the driver would send them (bulk writes). */
  insertAll(input: readonly T[]): void {
    this.rows.insertAll(input);
  }

  /** The heads of the page a find asks for (its skip and limit applied). */
  private page(filter: Filter, options: FindOptions, decoded?: Map<string, T>): T[] {
    const heads = this.rows.plan(filter, options, decoded);
    const start = options.skip ?? 0;
    return heads.slice(start, options.limit ? start + options.limit : undefined);
  }

  /** What a reader gets for a head: its document, decoded unless the plan already did, projected. */
  private output(head: T, decoded: Map<string, T> | undefined, projection: Projection | undefined): T {
    const doc = decoded?.get(head._id) ?? this.rows.full(head);
    return projection ? project(doc, projection) : doc;
  }

  private select(filter: Filter, options: FindOptions): T[] {
    const decoded = new Map<string, T>();
    return this.page(filter, options, decoded).map((h) => this.output(h, decoded, options.projection));
  }

  updateFirst(filter: Filter, update: Update, upsert: boolean, sort?: Sort): { before: T | null; after: T | null; result: UpdateResult } {
    assertOperators(update);
    const [target] = this.rows.plan(filter, { sort, limit: 1 });
    if (target) {
      const before = this.rows.full(target);
      const next = this.applied(before, update, false);
      if (next === before) return { before, after: before, result: { matchedCount: 1, modifiedCount: 0, upsertedCount: 0, upsertedId: null } };
      const modified = Bun.deepEquals(before, next) ? 0 : 1;
      this.rows.replace(target, next);
      return { before, after: next, result: { matchedCount: 1, modifiedCount: modified, upsertedCount: 0, upsertedId: null } };
    }
    if (!upsert) return { before: null, after: null, result: NO_MATCH };
    const created = this.applied(sealCopy(seedFromFilter(filter)) as T, update, true);
    if (created._id === undefined) throw new TypeError('upsert needs an _id in the filter or the update (ids are strings here)');
    this.rows.insertAll([created], true);
    return { before: null, after: created, result: { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id } };
  }

  private applied(doc: T, update: Update, inserting: boolean): T {
    return updatedCopy(doc, update, inserting);
  }
}
