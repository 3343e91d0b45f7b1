import type { Doc } from './documents.ts';
import { compareValues, getPath } from './mongo-semantics.ts';

/**
 * The embedded store's indexes, kept up to date on every write so a read costs what it returns:
 * a hash per unique index (`_id` is the map of documents itself), an equality bucket on each
 * declared index's first field (array fields bucket every element, like a multikey index), and
 * each declared index's key order for sorted walks that stop at the limit.
 */
export interface IndexDef {
  name: string;
  fields: string[];
  directions: (1 | -1)[];
  unique: boolean;
  sparse: boolean;
  ttlField?: string;
  ttlSeconds?: number;
  text: boolean;
}

/** A value's key in a hash index. */
export type HashKey = string | number | boolean | null;

/** Begins every key that is not a value's own (a date, an object, the empty array). */
const TAG = '\u0001';

/**
 * The key of a value in a hash index; null and missing are one key, as in a MongoDB index.
 * Strings, numbers and booleans key themselves (a Map tells '1' from 1), so the usual lookup builds
 * no string and an index of a string field keeps no copy of its values; other values become a
 * string beginning with TAG, and so does a string that itself begins with it, so keys never collide.
 */
export function hashKey(v: unknown): HashKey {
  if (typeof v === 'string') return v.startsWith(TAG) ? `${TAG}s${v}` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return `${TAG}t${v.getTime()}`;
  return `${TAG}j${JSON.stringify(v)}`;
}

/** The bucket of a document whose array field is empty (it has no element to be bucketed by). */
const EMPTY_ARRAY_KEY = `${TAG}u`;

/** The key of the values of a unique index's fields: the value's own for one field. */
export function uniqueKeyOfValues(values: readonly unknown[]): HashKey {
  return values.length === 1 ? hashKey(values[0]) : values.map(partKey).join('\u0000');
}

/** One value of a compound key, typed by its prefix. */
function partKey(v: unknown): string {
  if (v === undefined || v === null) return 'n:';
  if (typeof v === 'string') return `s:${v}`;
  if (typeof v === 'number') return `d:${v}`;
  if (typeof v === 'boolean') return `b:${v}`;
  if (v instanceof Date) return `t:${v.getTime()}`;
  return `j:${JSON.stringify(v)}`;
}

/** True for values an equality filter may look up in a hash (arrays and operator objects may not). */
export function isScalar(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A unique index: its key per document, or undefined when sparse and every field is missing. */
export function uniqueKeyOf(def: IndexDef, doc: Doc): HashKey | undefined {
  if (def.fields.length === 1) {
    const v = getPath(doc, def.fields[0] as string);
    // A sparse index skips only documents that lack the field; an explicit null is indexed.
    return def.sparse && v === undefined ? undefined : hashKey(v);
  }
  const values = def.fields.map((f) => getPath(doc, f));
  if (def.sparse && values.every((v) => v === undefined)) return undefined;
  return uniqueKeyOfValues(values);
}

/**
 * Equality buckets on one field: every element of an array value gets the document. A value held
 * by one document keeps its id as a plain string, promoted to a Set at the second: near-unique
 * fields (a slug, a timestamp) would otherwise cost a Set per document.
 */
export class EqualityBuckets {
  private readonly buckets = new Map<HashKey, string | Set<string>>();
  constructor(readonly field: string) {}

  add(doc: Doc): void {
    const v = getPath(doc, this.field);
    if (!Array.isArray(v)) this.addKey(hashKey(v), doc._id);
    else if (v.length === 0) this.addKey(EMPTY_ARRAY_KEY, doc._id);
    else for (const e of v) this.addKey(hashKey(e), doc._id);
  }

  remove(doc: Doc): void {
    const v = getPath(doc, this.field);
    if (!Array.isArray(v)) this.removeKey(hashKey(v), doc._id);
    else if (v.length === 0) this.removeKey(EMPTY_ARRAY_KEY, doc._id);
    else for (const e of v) this.removeKey(hashKey(e), doc._id);
  }

  /** The ids of the documents holding `value` (a one-id Set is made on read, not kept). */
  lookup(value: unknown): ReadonlySet<string> {
    const held = this.buckets.get(hashKey(value));
    return held === undefined ? EMPTY : typeof held === 'string' ? new Set([held]) : held;
  }

  /** How many documents hold `value`. */
  count(value: unknown): number {
    const held = this.buckets.get(hashKey(value));
    return held === undefined ? 0 : typeof held === 'string' ? 1 : held.size;
  }

  private addKey(key: HashKey, id: string): void {
    const held = this.buckets.get(key);
    if (held === undefined) this.buckets.set(key, id);
    else if (typeof held !== 'string') held.add(id);
    // An array holding a value twice buckets the document once.
    else if (held !== id) this.buckets.set(key, new Set([held, id]));
  }

  private removeKey(key: HashKey, id: string): void {
    const held = this.buckets.get(key);
    if (held === id) this.buckets.delete(key);
    else if (typeof held !== 'string' && held?.delete(id) && held.size === 0) this.buckets.delete(key);
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * A declared index's key order: ids sorted by the index fields (in their directions), ties in
 * insertion order as MongoDB's record ids would give. Kept sorted on single writes and rebuilt
 * lazily after a bulk write. `multikey` turns true when any document holds an array in a key
 * field; such an index is not used for sorted walks (MongoDB sorts arrays by their extremes).
 */
export class SortedIndex {
  private ids: string[] = [];
  private dirty = true;
  multikey = false;

  constructor(
    readonly def: IndexDef,
    private readonly docs: ReadonlyMap<string, Doc>,
    private readonly seqOf: (id: string) => number,
  ) {}

  compare(a: Doc, b: Doc): number {
    const { fields, directions } = this.def;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as string;
      const c = compareValues(getPath(a, field), getPath(b, field));
      if (c !== 0) return c * (directions[i] ?? 1);
    }
    return this.seqOf(a._id) - this.seqOf(b._id);
  }

  /** Notes a document before it is stored (call `remove` first for its old version). */
  add(doc: Doc, bulk: boolean): void {
    if (!this.multikey) for (const f of this.def.fields) if (Array.isArray(getPath(doc, f))) this.multikey = true;
    if (bulk) this.dirty = true;
    if (this.dirty) return;
    this.ids.splice(this.position(doc), 0, doc._id);
  }

  /** Forgets a document while it is still stored. */
  remove(doc: Doc, bulk: boolean): void {
    if (bulk) this.dirty = true;
    if (this.dirty) return;
    const at = this.position(doc);
    if (this.ids[at] === doc._id) this.ids.splice(at, 1);
    else this.dirty = true;
  }

  /** The ids in key order (ascending in the index's own directions); rebuilt once after bulk writes. */
  ordered(): readonly string[] {
    if (this.dirty) {
      // Keys read once per document, not once per comparison.
      const { fields, directions } = this.def;
      const rows = [...this.docs.values()].map((d) => ({ id: d._id, keys: fields.map((f) => getPath(d, f)), seq: this.seqOf(d._id) }));
      rows.sort((a, b) => {
        for (let i = 0; i < fields.length; i++) {
          const c = compareValues(a.keys[i], b.keys[i]);
          if (c !== 0) return c * (directions[i] ?? 1);
        }
        return a.seq - b.seq;
      });
      this.ids = rows.map((r) => r.id);
      this.dirty = false;
    }
    return this.ids;
  }

  /** First position whose document orders at or after `doc`. */
  private position(doc: Doc): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.docs.get(this.ids[mid] as string);
      if (other && this.compare(other, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
