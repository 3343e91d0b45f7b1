import type { BulkWriteOperation, BulkWriteResult, Doc } from './documents.ts';
import type { EmbeddedCollection } from './embedded-documents.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A value as the MongoDB driver serialises it (its default `ignoreUndefined: false`): every
 * `undefined` in an object or array becomes null. So `{ email: undefined }` is stored, matched and
 * counted by a sparse unique index as null, on this store exactly as on a real server.
 */
export function asDriverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return value.some((v) => v === undefined || isPlainObject(v) || Array.isArray(v)) ? value.map(asDriverValue) : value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const next = asDriverValue(v);
    if (next !== v) {
      out ??= { ...value };
      out[k] = next;
    }
  }
  return out ?? value;
}

/** Freezes a document and everything in it, so a caller holding a result cannot change the store. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** A document ready to be stored: driver-normalised and deep-frozen. */
export function seal<T extends Doc>(doc: T): T {
  return deepFreeze(asDriverValue(doc) as T);
}

/**
 * The driver's bulkWrite over the collection's own single writes: ordered (stop at the first
 * error, as the driver does by default) or unordered (run all, then throw the first error).
 */
export async function asDriverWrites<T extends Doc>(
  c: EmbeddedCollection<T>,
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
          const r = await c.updateOne(op.updateOne.filter, op.updateOne.update, { upsert: op.updateOne.upsert });
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
