import { update as applyUpdate } from 'mingo';
import type { Doc, Update } from './documents.ts';
import { applySetsFast, asDriverValue, sealCopy } from './embedded-values.ts';
import { setPath } from './mongo-semantics.ts';

/** The update operators the embedded store applies (MongoDB's field operators). */
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

/** An update must be made of operators only, as MongoDB requires of updateOne/updateMany. */
export function assertOperators(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !UPDATE_OPERATORS.has(k))) {
    throw new TypeError(`update document requires atomic operators, got ${keys.join(', ') || 'nothing'}`);
  }
}

/**
 * The next version of a stored document after `raw` (a copy of what the caller gave), or `doc` itself when
 * nothing changes. Plain `$set`s share what they leave untouched (applySetsFast); anything else runs
 * on a copy through mingo. `$setOnInsert` applies only when `inserting`. The `_id` never changes.
 */
export function updatedCopy<T extends Doc>(doc: T, raw: Update, inserting: boolean): T {
  // As the driver sends it (ignoreUndefined): `$set: { a: undefined }` leaves `a` as it is.
  const update = asDriverValue(raw) as Update;
  const fast = applySetsFast(doc, update as Record<string, unknown>, inserting);
  if (fast) return sameId(doc, fast);
  const copy = structuredClone(doc);
  const { $setOnInsert, ...rest } = update as Record<string, Record<string, unknown>>;
  if (Object.keys(rest).length > 0) applyUpdate(copy, rest as never, [], undefined, { cloneMode: 'deep' });
  // Written directly rather than through mingo's $set, which refuses `_id` even on insert,
  // where MongoDB accepts `$setOnInsert: { _id }`.
  if (inserting && $setOnInsert) for (const [path, value] of Object.entries($setOnInsert)) setPath(copy, path, structuredClone(value));
  return sameId(doc, sealCopy(copy));
}

/** `next`, unless the update changed the `_id` of a stored document (MongoDB refuses it). */
function sameId<T extends Doc>(doc: T, next: T): T {
  if (next._id !== doc._id && doc._id !== undefined) throw new TypeError("Performing an update on the path '_id' would modify the immutable field '_id'");
  return next;
}
