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
import { EqualityBuckets, type IndexDef, SortedIndex } from './embedded-indexes.ts';
import { planQuery } from './embedded-plan.ts';
import { UniqueIndexes } from './embedded-unique.ts';
import { assertOperators, updatedCopy } from './embedded-update.ts';
import { sealCopy } from './embedded-values.ts';
import { project, seedFromFilter } from './mongo-semantics.ts';

/** Options of the embedded document store. */
export interface EmbeddedDocumentStoreOptions {
  clock?: Clock;
  /**
   * Freeze the arrays of stored documents too (objects are always frozen). Default: on under
   * `bun test` (NODE_ENV=test), so the suites catch a caller mutating an array it read; off
   * otherwise, because JSC moves a frozen array to a sparse storage: 100k catalog services (13
   * arrays each) take ~290 MB more heap with frozen arrays.
   */
  freezeArrays?: boolean;
}

/**
 * An in-process document store with MongoDB's query and update semantics (via mingo) and real
 * indexes: `_id` and unique fields by hash, declared indexes as equality buckets and sorted
 * orders, so a read costs what it returns, not the collection. Stored documents are deep copies
 * of what was written, handed out as they are (no copies): their objects are frozen, their arrays
 * only with `freezeArrays` (the default under test), so callers must not mutate results. Values
 * are stored as the services' driver sends them (an `undefined` field is left out). Single process.
 */
export function createEmbeddedDocumentStore(options: EmbeddedDocumentStoreOptions = {}): DocumentStore {
  const clock = options.clock ?? systemClock;
  const freezeArrays = options.freezeArrays ?? process.env.NODE_ENV === 'test';
  const collections = new Map<string, EmbeddedCollection<Doc>>();
  return {
    kind: 'embedded',
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      let c = collections.get(name);
      if (!c) {
        c = new EmbeddedCollection<Doc>(name, clock, freezeArrays);
        collections.set(name, c);
      }
      return c as unknown as DocumentCollection<T>;
    },
    ping: async () => true,
    close: async () => {},
  };
}

/** Past this many documents in one write, sorted indexes are rebuilt once instead of kept in step. */
const BULK = 64;

const NO_MATCH: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };

class EmbeddedCollection<T extends Doc> implements DocumentCollection<T> {
  /** _id -> frozen document, in insertion order (MongoDB's natural order for an unsorted scan). */
  readonly docs = new Map<string, T>();
  private readonly seq = new Map<string, number>();
  private nextSeq = 0;
  /** Unique indexes, `_id` included (through `docs`): every write is checked against them first. */
  readonly unique: UniqueIndexes;
  readonly buckets = new Map<string, EqualityBuckets>();
  readonly sorted = new Map<string, SortedIndex>();
  private readonly ttl: IndexDef[] = [];

  constructor(
    readonly collectionName: string,
    private readonly clock: Clock,
    private readonly freezeArrays: boolean,
  ) {
    this.unique = new UniqueIndexes(collectionName, this.docs);
  }

  async findOne(filter: Filter, options: { projection?: Projection; sort?: Sort } = {}): Promise<T | null> {
    const [doc] = this.select(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  find(filter: Filter, options: FindOptions = {}): FindCursor<T> {
    // The query runs when the cursor is read, like the driver's lazy cursor.
    const run = () => this.select(filter, options);
    return {
      toArray: async () => run(),
      async *batches(wanted) {
        const size = batchSizeOf(wanted);
        const all = run();
        for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
      },
    };
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    const keys = Object.keys(filter);
    if (keys.length === 0 && this.ttl.length === 0) return this.docs.size;
    // One field pinned to a non-null scalar that leads an index: the bucket's size is the count.
    const only = keys.length === 1 ? (keys[0] as string) : undefined;
    const value = only === undefined ? undefined : filter[only];
    const bucket = only === undefined ? undefined : this.buckets.get(only);
    if (bucket && this.ttl.length === 0 && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) return bucket.count(value);
    return this.plan(filter, {}).length;
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
    const targets = this.plan(filter, {});
    // One document at a time and not atomic, as on MongoDB: a failure (a duplicate key) stops the
    // update, and the documents updated before it stay updated.
    let modified = 0;
    await this.inBulk(async () => {
      for (const target of targets) {
        const next = this.applied(target, update, false);
        if (next === target || Bun.deepEquals(target, next)) continue;
        this.replace(target, next);
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
    const [target] = this.plan(filter, { limit: 1 });
    if (!target) {
      if (!options.upsert) return NO_MATCH;
      this.insertAll([doc]);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: doc._id };
    }
    const next = sealCopy({ ...doc, _id: target._id }, this.freezeArrays);
    this.replace(target, next);
    return { matchedCount: 1, modifiedCount: Bun.deepEquals(target, next) ? 0 : 1, upsertedCount: 0, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const [target] = this.plan(filter, { limit: 1 });
    if (!target) return { deletedCount: 0 };
    this.removeAll([target]);
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const doomed = this.plan(filter, {});
    this.removeAll(doomed);
    return { deletedCount: doomed.length };
  }

  async bulkWrite(operations: readonly BulkWriteOperation<T>[], options: { ordered?: boolean } = {}): Promise<BulkWriteResult> {
    return asDriverWrites(this, operations, options.ordered ?? true);
  }

  async createIndex(keys: IndexSpec, options: IndexOptions = {}): Promise<string> {
    const fields = Object.keys(keys);
    const text = fields.some((f) => keys[f] === 'text');
    const name = options.name ?? fields.map((f) => `${f}_${keys[f]}`).join('_');
    if (name === '_id_' || this.unique.has(name) || this.sorted.has(name) || this.ttl.some((i) => i.name === name)) return name;
    const directions = fields.map((f) => (keys[f] === -1 ? -1 : 1));
    const def: IndexDef = { name, fields, directions, unique: options.unique ?? false, sparse: options.sparse ?? false, text };
    if (text) return name; // $text is not supported here; the index exists for real MongoDB.
    if (options.expireAfterSeconds !== undefined && fields[0]) {
      def.ttlField = fields[0];
      def.ttlSeconds = options.expireAfterSeconds;
      this.ttl.push(def);
    }
    if (def.unique) this.unique.create(def);
    const first = fields[0] as string;
    if (!this.buckets.has(first)) {
      const b = new EqualityBuckets(first);
      for (const d of this.docs.values()) b.add(d);
      this.buckets.set(first, b);
    }
    const s = new SortedIndex(def, this.docs, (id) => this.seq.get(id) ?? 0);
    for (const d of this.docs.values()) s.add(d, true);
    this.sorted.set(name, s);
    return name;
  }

  // --- internals -------------------------------------------------------------

  private bulkDepth = 0;

  /** Runs many writes with sorted indexes rebuilt once afterwards instead of kept in step per write. */
  async inBulk<R>(run: () => Promise<R>): Promise<R> {
    this.bulkDepth++;
    try {
      return await run();
    } finally {
      this.bulkDepth--;
    }
  }

  /** Insertion order of a stored document (MongoDB's natural order and the tie order of an index). */
  seqOf(id: string): number {
    return this.seq.get(id) ?? 0;
  }

  isExpired(doc: T, now: number): boolean {
    for (const i of this.ttl) {
      const v = doc[i.ttlField as string];
      if (v instanceof Date && v.getTime() + (i.ttlSeconds ?? 0) * 1000 <= now) return true;
    }
    return false;
  }

  /** The live documents matching `filter`, in the order asked, up to skip + limit; expired ones are purged on sight. */
  plan(filter: Filter, options: FindOptions): T[] {
    const now = this.clock.now();
    const expired: T[] = [];
    const found = planQuery(this, filter, options, (d) => {
      if (this.ttl.length > 0 && this.isExpired(d, now)) {
        expired.push(d);
        return false;
      }
      return true;
    });
    if (expired.length > 0) this.removeAll(expired);
    return found;
  }

  private select(filter: Filter, options: FindOptions): T[] {
    const docs = this.plan(filter, options);
    const start = options.skip ?? 0;
    const page = docs.slice(start, options.limit ? start + options.limit : undefined);
    return options.projection ? page.map((d) => project(d, options.projection)) : page;
  }

  updateFirst(filter: Filter, update: Update, upsert: boolean, sort?: Sort): { before: T | null; after: T | null; result: UpdateResult } {
    assertOperators(update);
    const [target] = this.plan(filter, { sort, limit: 1 });
    if (target) {
      const next = this.applied(target, update, false);
      if (next === target) return { before: target, after: target, result: { matchedCount: 1, modifiedCount: 0, upsertedCount: 0, upsertedId: null } };
      this.replace(target, next);
      const modified = Bun.deepEquals(target, next) ? 0 : 1;
      return { before: target, after: next, result: { matchedCount: 1, modifiedCount: modified, upsertedCount: 0, upsertedId: null } };
    }
    if (!upsert) return { before: null, after: null, result: NO_MATCH };
    // The seed is sealed too: applySetsFast shares what the update leaves untouched.
    const created = this.applied(sealCopy(seedFromFilter(filter), this.freezeArrays) as T, update, true);
    if (created._id === undefined) throw new TypeError('upsert needs an _id in the filter or the update (ids are strings here)');
    this.insertAll([created], true);
    return { before: null, after: created, result: { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id } };
  }

  private applied(doc: T, update: Update, inserting: boolean): T {
    return updatedCopy(doc, update, inserting, this.freezeArrays);
  }

  /** Replaces a stored document by its next version (same id); a duplicate key throws before anything changes. */
  private replace(prev: T, next: T): void {
    this.unique.checkReplace(prev, next);
    this.unindex(prev, this.bulkDepth > 0);
    this.index(next, this.bulkDepth > 0);
  }

  /** Inserts documents; `sealed` ones (made by this store) are stored as they are, others as a frozen copy. */
  insertAll(input: readonly T[], sealed = false): void {
    const fresh = sealed ? input : input.map((d) => sealCopy(d, this.freezeArrays));
    for (const d of fresh) if (typeof d._id !== 'string') throw new TypeError('documents need a string _id');
    this.unique.checkInserts(fresh);
    const bulk = fresh.length > BULK || this.bulkDepth > 0;
    for (const d of fresh) {
      this.seq.set(d._id, this.nextSeq++);
      this.index(d, bulk);
    }
  }

  private removeAll(doomed: readonly T[]): void {
    const bulk = doomed.length > BULK || this.bulkDepth > 0;
    for (const d of doomed) {
      this.unindex(d, bulk);
      this.docs.delete(d._id);
      this.seq.delete(d._id);
    }
  }

  private index(doc: T, bulk: boolean): void {
    this.unique.add(doc);
    for (const b of this.buckets.values()) b.add(doc);
    for (const s of this.sorted.values()) s.add(doc, bulk);
    this.docs.set(doc._id, doc);
  }

  private unindex(doc: T, bulk: boolean): void {
    this.unique.remove(doc);
    for (const b of this.buckets.values()) b.remove(doc);
    for (const s of this.sorted.values()) s.remove(doc, bulk);
  }
}
