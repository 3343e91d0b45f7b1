import type { BulkWriteOperation, BulkWriteResult, Doc, Filter, Update, UpdateResult } from './documents.ts';

/** The single writes of a collection a bulk write is made of (the embedded collection has them). */
export interface BulkTarget<T extends Doc> {
  insertAll(docs: readonly T[]): void;
  inBulk<R>(run: () => Promise<R>): Promise<R>;
  updateFirst(filter: Filter, update: Update, upsert: boolean): { result: UpdateResult };
  replaceOne(filter: Filter, doc: T, options: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
}

/**
 * The driver's bulkWrite over the collection's own single writes: ordered (stop at the first
 * error, as the driver does by default) or unordered (run all, then throw the first error).
 */
export async function asDriverWrites<T extends Doc>(
  c: BulkTarget<T>,
  operations: readonly BulkWriteOperation<T>[],
  ordered: boolean,
): Promise<BulkWriteResult> {
  const result: BulkWriteResult = { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
  const inserts: T[] = [];
  let firstError: unknown;
  const flushInserts = () => {
    const batch = inserts.splice(0);
    if (batch.length === 0) return;
    try {
      c.insertAll(batch);
    } catch {
      // Some insert of the batch failed: redo them one by one, as the server would have run them.
      for (const doc of batch) {
        try {
          c.insertAll([doc]);
        } catch (err) {
          result.insertedCount--;
          if (ordered) throw err;
          firstError ??= err;
        }
      }
    }
  };
  return c.inBulk(async () => {
    for (const op of operations) {
      try {
        if ('insertOne' in op) {
          // Consecutive inserts go in as one batch, so the sorted indexes are rebuilt once.
          inserts.push(op.insertOne.document);
          result.insertedCount++;
          continue;
        }
        flushInserts();
        if ('updateOne' in op) {
          // Called synchronously: no promise per operation of a large bulk.
          const r = c.updateFirst(op.updateOne.filter, op.updateOne.update, op.updateOne.upsert ?? false).result;
          result.matchedCount += r.matchedCount;
          result.modifiedCount += r.modifiedCount;
          result.upsertedCount += r.upsertedCount;
        } else if ('replaceOne' in op) {
          const r = await c.replaceOne(op.replaceOne.filter, op.replaceOne.replacement, { upsert: op.replaceOne.upsert });
          result.matchedCount += r.matchedCount;
          result.modifiedCount += r.modifiedCount;
          result.upsertedCount += r.upsertedCount;
        } else if ('deleteOne' in op) {
          result.deletedCount += (await c.deleteOne(op.deleteOne.filter)).deletedCount;
        }
      } catch (err) {
        if (ordered) throw err;
        firstError ??= err;
      }
    }
    flushInserts();
    if (firstError) throw firstError;
    return result;
  });
}
