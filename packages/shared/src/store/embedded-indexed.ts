import type { Clock } from '../core/clock.ts';
import type { Doc, Filter, FindOptions, IndexOptions, IndexSpec } from './documents.ts';
import { EqualityBuckets, type IndexDef, SortedIndex } from './embedded-indexes.ts';
import { type IndexedDocuments, planQuery } from './embedded-plan.ts';
import { Rows } from './embedded-rows.ts';
import { UniqueIndexes } from './embedded-unique.ts';
import { asDriverValue } from './embedded-values.ts';

/** Past this many documents in one write, sorted indexes are rebuilt once instead of kept in step. */
const BULK = 64;

/**
 * An embedded collection's documents and indexes: the rows (encoded documents and their heads,
 * embedded-rows.ts), insertion order, unique indexes, equality buckets, sorted orders and TTL
 * indexes, kept in step on every write, and the query plan over them (embedded-plan.ts).
 * EmbeddedCollection (embedded-documents.ts) puts the driver's API on top.
 */
export class IndexedRows<T extends Doc> implements IndexedDocuments<T> {
  private readonly rows: Rows<T>;
  /** _id -> head, in insertion order (MongoDB's natural order for an unsorted scan): what the indexes and the planner work on. */
  readonly docs: Map<string, T>;
  private readonly seq = new Map<string, number>();
  private nextSeq = 0;
  /** Unique indexes, `_id` included (through `docs`): every write is checked against them first. */
  readonly unique: UniqueIndexes;
  readonly buckets = new Map<string, EqualityBuckets>();
  readonly sorted = new Map<string, SortedIndex>();
  readonly ttl: IndexDef[] = [];

  constructor(
    collectionName: string,
    private readonly clock: Clock,
    spillAboveBytes: number | undefined,
  ) {
    this.rows = new Rows<T>(spillAboveBytes);
    this.docs = this.rows.heads;
    this.unique = new UniqueIndexes(collectionName, this.docs);
  }

  /** Closes the file its documents spilled to, if any. */
  close(): void {
    this.rows.close();
  }

  /** Declares an index (a name already declared is kept as it is) and builds it from the stored heads. */
  createIndex(keys: IndexSpec, options: IndexOptions = {}): string {
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
    // The heads hold every field an index reads, before the index is built from them.
    this.rows.holdFields(fields);
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

  /** True when the heads hold the top-level field of every one of `paths` (the planner then tests and sorts heads). */
  covers(paths: Iterable<string>): boolean {
    return this.rows.covers(paths);
  }

  /** The whole stored document of a head (decoded: a fresh copy). */
  full(head: T): T {
    return this.rows.full(head._id) as T;
  }

  /**
   * The heads of the live documents matching `filter`, in the order asked, up to skip + limit;
   * expired ones are purged on sight. Whole documents decoded to test the filter are left in `decoded`.
   */
  plan(filter: Filter, options: FindOptions, decoded?: Map<string, T>): T[] {
    const now = this.clock.now();
    const expired: T[] = [];
    const found = planQuery(
      this,
      filter,
      options,
      (d) => {
        if (this.ttl.length > 0 && this.isExpired(d, now)) {
          expired.push(d);
          return false;
        }
        return true;
      },
      decoded,
    );
    if (expired.length > 0) this.removeAll(expired);
    return found;
  }

  /** Replaces a stored document (its head) by its next version (same id); a duplicate key throws before anything changes. */
  replace(prev: T, next: T): void {
    this.unique.checkReplace(prev, next);
    this.unindex(prev, this.bulkDepth > 0);
    this.index(this.rows.put(next), this.bulkDepth > 0);
  }

  /** Inserts documents; `made` ones (built by this store) are stored as they are, others as the driver would send them. */
  insertAll(input: readonly T[], made = false): void {
    const fresh = made ? input : input.map((d) => asDriverValue(d) as T);
    for (const d of fresh) if (typeof d._id !== 'string') throw new TypeError('documents need a string _id');
    this.unique.checkInserts(fresh);
    const bulk = fresh.length > BULK || this.bulkDepth > 0;
    for (const d of fresh) {
      this.seq.set(d._id, this.nextSeq++);
      this.index(this.rows.put(d), bulk);
    }
  }

  removeAll(doomed: readonly T[]): void {
    const bulk = doomed.length > BULK || this.bulkDepth > 0;
    for (const d of doomed) {
      this.unindex(d, bulk);
      this.rows.delete(d._id);
      this.seq.delete(d._id);
    }
  }

  /** Enters a stored document's head in every index. */
  private index(head: T, bulk: boolean): void {
    this.unique.add(head);
    for (const b of this.buckets.values()) b.add(head);
    for (const s of this.sorted.values()) s.add(head, bulk);
  }

  private unindex(head: T, bulk: boolean): void {
    this.unique.remove(head);
    for (const b of this.buckets.values()) b.remove(head);
    for (const s of this.sorted.values()) s.remove(head, bulk);
  }
}
