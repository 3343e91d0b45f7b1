/**
 * The documents port: the subset of the official `mongodb` driver's Collection API the
 * services use, with the driver's names and semantics, so code above it reads like plain
 * driver code and runs unchanged on the embedded store. Ids are strings (see ids.ts).
 */
export type Doc = { _id: string } & Record<string, unknown>;
/** A MongoDB query filter (`{ slug: 'x' }`, `{ markets: 'IN', $or: [...] }`). */
export type Filter = Record<string, unknown>;
/** A MongoDB update document using operators ($set, $unset, $inc, $setOnInsert, $push, $pull, $addToSet). */
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndUpdateOptions extends UpdateOptions {
  /** As in the driver: 'before' (default) returns the document as it was. */
  returnDocument?: 'before' | 'after';
  projection?: Projection;
  sort?: Sort;
}

export interface IndexOptions {
  name?: string;
  unique?: boolean;
  sparse?: boolean;
  /** TTL index on a Date field; the embedded store removes expired documents on read. */
  expireAfterSeconds?: number;
  /** Text index language weights are ignored by the embedded store. */
  weights?: Record<string, number>;
  default_language?: string;
}

export type IndexSpec = Record<string, 1 | -1 | 'text'>;

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: string | null;
}

export interface DeleteResult {
  deletedCount: number;
}

/** A cursor reduced to what the code uses. */
export interface FindCursor<T> {
  toArray(): Promise<T[]>;
  /**
   * The results in order, in batches of at most `size`, a whole number from 1 (on MongoDB as the
   * server sends them, so a reader of a whole collection holds one batch of the driver's documents
   * at a time, never all). Another size throws a RangeError.
   */
  batches(size: number): AsyncIterable<T[]>;
  /**
   * MongoDB only: `batches`, each document as the BSON the server sent (the driver's `raw: true`),
   * for a reader that reads a few fields of many documents itself (the catalog's snapshot:
   * summary-bson.ts) instead of the driver decoding all of each. The next batch is fetched
   * while the caller works on one.
   */
  rawBatches?(size: number): AsyncIterable<Uint8Array[]>;
}

/** One write of a bulkWrite, in the driver's shape. */
export type BulkWriteOperation<T extends Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } };

/** The counts of a bulkWrite, as the driver's BulkWriteResult names them. */
export interface BulkWriteResult {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
}

export interface DocumentCollection<T extends Doc> {
  readonly collectionName: string;
  findOne(filter: Filter, options?: { projection?: Projection; sort?: Sort }): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): FindCursor<T>;
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(doc: T): Promise<{ insertedId: string }>;
  insertMany(docs: readonly T[]): Promise<{ insertedCount: number }>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  replaceOne(filter: Filter, doc: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<DeleteResult>;
  deleteMany(filter: Filter): Promise<DeleteResult>;
  /** Many writes in one round trip (seeding and bulk loads); `ordered: false` runs past a failed one. */
  bulkWrite(operations: readonly BulkWriteOperation<T>[], options?: { ordered?: boolean }): Promise<BulkWriteResult>;
  createIndex(keys: IndexSpec, options?: IndexOptions): Promise<string>;
}

/** A database: named collections plus liveness and shutdown. */
export interface DocumentStore {
  /** 'mongodb' or 'embedded', reported by /readyz. */
  readonly kind: 'mongodb' | 'embedded';
  collection<T extends Doc>(name: string): DocumentCollection<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Thrown by both adapters on a unique-index violation; `code` 11000 as the driver reports it. */
export class DuplicateKeyError extends Error {
  override readonly name = 'MongoServerError';
  readonly code = 11000;
  constructor(message: string) {
    super(message);
  }
}

/** True for a duplicate-key error from either adapter. */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** The size a FindCursor.batches call asked for, checked: a whole number from 1 (0 would never end). */
export function batchSizeOf(size: number): number {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batches(size) needs a whole number from 1, got ${size}`);
  return size;
}
