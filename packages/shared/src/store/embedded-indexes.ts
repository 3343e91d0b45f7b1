import type { Doc } from './documents.ts';
import { compareValues, getPath } from './mongo-semantics.ts';

/**
 * The embedded store's indexes, kept up to date on every write so a read costs what it returns:
 * a hash per unique index (and `_id`), an equality bucket on each declared index's first field
 * (array fields bucket every element, like a multikey index), and each declared index's key order
 * for sorted walks that stop at the limit.
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

/** The key of a scalar for hash lookups; null and missing are one key, as in a MongoDB index. */
export function scalarKey(v: unknown): string {
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
export function uniqueKeyOf(def: IndexDef, doc: Doc): string | undefined {
  const values = def.fields.map((f) => getPath(doc, f));
  // A sparse index skips only documents that lack the fields; an explicit null is indexed.
  if (def.sparse && values.every((v) => v === undefined)) return undefined;
  return values.length === 1 ? scalarKey(values[0]) : values.map(scalarKey).join('\u0000');
}

/** Equality buckets on one field: every element of an array value gets the document. */
export class EqualityBuckets {
  readonly buckets = new Map<string, Set<string>>();
  constructor(readonly field: string) {}

  private keysOf(doc: Doc): string[] {
    const v = getPath(doc, this.field);
    return Array.isArray(v) ? (v.length === 0 ? ['u:'] : v.map(scalarKey)) : [scalarKey(v)];
  }

  add(doc: Doc): void {
    for (const k of this.keysOf(doc)) {
      let set = this.buckets.get(k);
      if (!set) {
        set = new Set();
        this.buckets.set(k, set);
      }
      set.add(doc._id);
    }
  }

  remove(doc: Doc): void {
    for (const k of this.keysOf(doc)) {
      const set = this.buckets.get(k);
      set?.delete(doc._id);
      if (set?.size === 0) this.buckets.delete(k);
    }
  }

  lookup(value: unknown): ReadonlySet<string> {
    return this.buckets.get(scalarKey(value)) ?? EMPTY;
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
    if (!this.multikey && this.def.fields.some((f) => Array.isArray(getPath(doc, f)))) this.multikey = true;
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
