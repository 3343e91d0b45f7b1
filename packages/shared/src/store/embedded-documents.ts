import { update as applyUpdate, Query } from 'mingo';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import {
  type Doc,
  type DocumentCollection,
  type DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexOptions,
  type IndexSpec,
  type Projection,
  type Sort,
  type Update,
  type UpdateResult,
} from './documents.ts';
import { getPath, project, seedFromFilter, setPath, sortDocs } from './mongo-semantics.ts';

/**
 * An in-process document store with MongoDB's query and update semantics (via mingo), unique
 * and TTL indexes. Documents are deep-copied in and out, like a round trip through the driver,
 * so callers can never mutate stored state by accident. Single process only.
 */
export function createEmbeddedDocumentStore(options: { clock?: Clock } = {}): DocumentStore {
  const clock = options.clock ?? systemClock;
  const collections = new Map<string, EmbeddedCollection<Doc>>();
  return {
    kind: 'embedded',
    collection<T extends Doc>(name: string): DocumentCollection<T> {
      let c = collections.get(name);
      if (!c) {
        c = new EmbeddedCollection<Doc>(name, clock);
        collections.set(name, c);
      }
      return c as unknown as DocumentCollection<T>;
    },
    ping: async () => true,
    close: async () => {},
  };
}

interface IndexDef {
  name: string;
  fields: string[];
  unique: boolean;
  sparse: boolean;
  ttlField?: string;
  ttlSeconds?: number;
}

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$setOnInsert',
  '$push',
  '$pull',
  '$addToSet',
  '$min',
  '$max',
  '$mul',
  '$rename',
  '$currentDate',
  '$pop',
  '$pullAll',
]);

class EmbeddedCollection<T extends Doc> implements DocumentCollection<T> {
  private docs: T[] = [];
  private readonly indexes = new Map<string, IndexDef>();

  constructor(
    readonly collectionName: string,
    private readonly clock: Clock,
  ) {}

  async findOne(filter: Filter, options: { projection?: Projection; sort?: Sort } = {}): Promise<T | null> {
    const [doc] = this.select(filter, { ...options, limit: 1 });
    return doc ?? null;
  }

  find(filter: Filter, options: FindOptions = {}) {
    // The query runs when toArray is called, like the driver's lazy cursor.
    return { toArray: async () => this.select(filter, options) };
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.matching(filter).length;
  }

  async insertOne(doc: T): Promise<{ insertedId: string }> {
    this.insertAll([doc]);
    return { insertedId: doc._id };
  }

  async insertMany(docs: readonly T[]): Promise<{ insertedCount: number }> {
    this.insertAll(docs);
    return { insertedCount: docs.length };
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.updateFirst(filter, update, options.upsert ?? false).result;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    assertOperators(update);
    const targets = this.matching(filter);
    const next = targets.map((d) => this.applied(d, update, false));
    this.commit(targets, next);
    const modified = targets.filter((d, i) => !Bun.deepEquals(d, next[i])).length;
    return { matchedCount: targets.length, modifiedCount: modified, upsertedCount: 0, upsertedId: null };
  }

  async findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    const { before, after } = this.updateFirst(filter, update, options.upsert ?? false, options.sort);
    const doc = options.returnDocument === 'after' ? after : before;
    return doc ? project(structuredClone(doc), options.projection) : null;
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    for (const key of Object.keys(doc)) if (key.startsWith('$')) throw new TypeError('replacement document must not contain operators');
    const [target] = this.matching(filter);
    if (!target) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const fresh = structuredClone(doc);
      this.insertAll([fresh]);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: fresh._id };
    }
    const next = { ...structuredClone(doc), _id: target._id } as T;
    this.commit([target], [next]);
    return { matchedCount: 1, modifiedCount: Bun.deepEquals(target, next) ? 0 : 1, upsertedCount: 0, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const [target] = this.matching(filter);
    if (!target) return { deletedCount: 0 };
    this.docs = this.docs.filter((d) => d !== target);
    return { deletedCount: 1 };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const doomed = new Set(this.matching(filter));
    this.docs = this.docs.filter((d) => !doomed.has(d));
    return { deletedCount: doomed.size };
  }

  async createIndex(keys: IndexSpec, options: IndexOptions = {}): Promise<string> {
    const fields = Object.keys(keys);
    const name = options.name ?? fields.map((f) => `${f}_${keys[f]}`).join('_');
    const def: IndexDef = { name, fields, unique: options.unique ?? false, sparse: options.sparse ?? false };
    if (options.expireAfterSeconds !== undefined && fields[0]) {
      def.ttlField = fields[0];
      def.ttlSeconds = options.expireAfterSeconds;
    }
    if (def.unique) this.checkUnique(this.docs, def);
    this.indexes.set(name, def);
    return name;
  }

  // --- internals -------------------------------------------------------------

  private live(): T[] {
    const now = this.clock.now();
    const ttl = [...this.indexes.values()].filter((i) => i.ttlField);
    if (ttl.length === 0) return this.docs;
    this.docs = this.docs.filter((d) =>
      ttl.every((i) => {
        const v = d[i.ttlField as string];
        return !(v instanceof Date) || v.getTime() + (i.ttlSeconds ?? 0) * 1000 > now;
      }),
    );
    return this.docs;
  }

  private matching(filter: Filter): T[] {
    const query = new Query(filter, {});
    return this.live().filter((d) => query.test(d));
  }

  private select(filter: Filter, options: FindOptions): T[] {
    let docs = this.matching(filter);
    if (options.sort) docs = sortDocs(docs, options.sort);
    const start = options.skip ?? 0;
    const end = options.limit ? start + options.limit : undefined;
    return docs.slice(start, end).map((d) => project(structuredClone(d), options.projection));
  }

  private updateFirst(filter: Filter, update: Update, upsert: boolean, sort?: Sort): { before: T | null; after: T | null; result: UpdateResult } {
    assertOperators(update);
    let candidates = this.matching(filter);
    if (sort) candidates = sortDocs(candidates, sort);
    const target = candidates[0];
    if (target) {
      const next = this.applied(target, update, false);
      this.commit([target], [next]);
      const modified = Bun.deepEquals(target, next) ? 0 : 1;
      return { before: target, after: next, result: { matchedCount: 1, modifiedCount: modified, upsertedCount: 0, upsertedId: null } };
    }
    if (!upsert) return { before: null, after: null, result: { matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null } };
    const seed = seedFromFilter(filter) as T;
    const created = this.applied(seed, update, true);
    if (created._id === undefined) throw new TypeError('upsert needs an _id in the filter or the update (ids are strings here)');
    this.insertAll([created]);
    return { before: null, after: created, result: { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id } };
  }

  private applied(doc: T, update: Update, inserting: boolean): T {
    const copy = structuredClone(doc);
    const { $setOnInsert, ...rest } = update as Record<string, Record<string, unknown>>;
    if (Object.keys(rest).length > 0) applyUpdate(copy, rest as never, [], undefined, { cloneMode: 'deep' });
    // Written directly rather than through mingo's $set, which refuses `_id` even on insert,
    // where MongoDB accepts `$setOnInsert: { _id }`.
    if (inserting && $setOnInsert) for (const [path, value] of Object.entries($setOnInsert)) setPath(copy, path, structuredClone(value));
    if (copy._id !== doc._id && doc._id !== undefined) throw new TypeError("Performing an update on the path '_id' would modify the immutable field '_id'");
    return copy;
  }

  /** Replaces `olds` by `news` atomically: unique indexes are checked before anything changes. */
  private commit(olds: T[], news: T[]): void {
    const untouched = this.docs.filter((d) => !olds.includes(d));
    for (const idx of this.uniqueIndexes()) this.checkUnique([...untouched, ...news], idx);
    const replaced = new Map(olds.map((d, i) => [d, news[i] as T]));
    this.docs = this.docs.map((d) => replaced.get(d) ?? d);
  }

  private insertAll(docs: readonly T[]): void {
    const fresh = docs.map((d) => structuredClone(d));
    for (const d of fresh) if (typeof d._id !== 'string') throw new TypeError('documents need a string _id');
    const all = [...this.live(), ...fresh];
    for (const idx of this.uniqueIndexes()) this.checkUnique(all, idx);
    this.docs = all;
  }

  private uniqueIndexes(): IndexDef[] {
    return [{ name: '_id_', fields: ['_id'], unique: true, sparse: false }, ...[...this.indexes.values()].filter((i) => i.unique)];
  }

  private checkUnique(docs: readonly T[], idx: IndexDef): void {
    const seen = new Set<string>();
    for (const d of docs) {
      const values = idx.fields.map((f) => getPath(d, f));
      if (idx.sparse && values.every((v) => v === undefined)) continue;
      const key = JSON.stringify(values.map((v) => v ?? null));
      if (seen.has(key)) {
        throw new DuplicateKeyError(`E11000 duplicate key error collection: ${this.collectionName} index: ${idx.name} dup key: ${key}`);
      }
      seen.add(key);
    }
  }
}

function assertOperators(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !UPDATE_OPERATORS.has(k))) {
    throw new TypeError(`update document requires atomic operators, got ${keys.join(', ') || 'nothing'}`);
  }
}
