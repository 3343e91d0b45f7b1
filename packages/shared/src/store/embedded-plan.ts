import { Query } from 'mingo';
import type { Doc, Filter, FindOptions, Sort } from './documents.ts';
import { type EqualityBuckets, hashKey, type IndexDef, isScalar, type SortedIndex, uniqueKeyOfValues } from './embedded-indexes.ts';
import type { UniqueIndexes } from './embedded-unique.ts';
import { asDriverValue } from './embedded-values.ts';
import { sortDocs } from './mongo-semantics.ts';

/** What the planner reads of a collection: its documents and indexes (the embedded collection is one). */
export interface IndexedDocuments<T extends Doc> {
  readonly docs: ReadonlyMap<string, T>;
  readonly unique: UniqueIndexes;
  readonly buckets: ReadonlyMap<string, EqualityBuckets>;
  readonly sorted: ReadonlyMap<string, SortedIndex>;
  seqOf(id: string): number;
}

/** Below this many candidates an equality bucket is filtered and sorted rather than walking a sorted index. */
const SMALL_BUCKET = 256;

/**
 * Chooses how a query reads the collection, like MongoDB's planner on the same indexes: point
 * lookups by `_id` or a unique index (also through `$or` and `$in`), a walk of a sorted index that
 * stops once skip + limit documents matched, or an equality bucket; a full scan only when no index
 * applies. Returns the matches in the asked order, at most skip + limit of them when limited.
 */
export function planQuery<T extends Doc>(c: IndexedDocuments<T>, rawFilter: Filter, options: FindOptions, keep: (doc: T) => boolean): T[] {
  const filter = asDriverValue(rawFilter) as Filter;
  // `{ _id: 'x' }` alone, as every write by id filters: one map read, nothing to compile or sort.
  if (typeof filter._id === 'string' && Object.keys(filter).length === 1) {
    const d = c.docs.get(filter._id);
    return d !== undefined && keep(d) ? [d] : [];
  }
  // Compiled only when a candidate has to be tested.
  let query: Query | undefined;
  const want = options.limit ? (options.skip ?? 0) + options.limit : Number.POSITIVE_INFINITY;
  const matches = (d: T | undefined): d is T => {
    if (d === undefined || !keep(d)) return false;
    query ??= new Query(filter, {});
    return query.test(d);
  };
  const seq = (d: T) => c.seqOf(d._id);

  const point = pointIds(c, filter);
  if (point) {
    const found = [...new Set(point)].map((id) => c.docs.get(id)).filter(matches);
    return ordered(found, options.sort, seq).slice(0, want);
  }
  const walk = options.sort ? sortedWalk(c, filter, options.sort) : undefined;
  const bucket = smallestBucket(c, filter);
  if (walk && !(bucket && bucket.size <= SMALL_BUCKET)) {
    const ids = walk.index.ordered();
    const out: T[] = [];
    for (let i = 0; i < ids.length && out.length < want; i++) {
      const d = c.docs.get(ids[walk.reverse ? ids.length - 1 - i : i] as string);
      if (matches(d)) out.push(d);
    }
    return out;
  }
  const out: T[] = [];
  if (bucket) {
    for (const id of bucket) {
      const d = c.docs.get(id);
      if (matches(d)) out.push(d);
    }
    return ordered(out, options.sort, seq).slice(0, want);
  }
  for (const d of c.docs.values()) {
    if (!options.sort && out.length >= want) break;
    if (matches(d)) out.push(d);
  }
  return options.sort ? sortDocs(out, options.sort).slice(0, want) : out;
}

/** Sorted by `sort`, or by insertion (natural order) when none; ties keep insertion order. */
function ordered<T extends Doc>(docs: T[], sort: Sort | undefined, seq: (d: T) => number): T[] {
  const natural = docs.sort((a, b) => seq(a) - seq(b));
  return sort ? sortDocs(natural, sort) : natural;
}

/** The value a filter pins `field` to by equality (`{f: v}` or `{f: {$eq: v}}`), when it is a scalar. */
function pinned(filter: Filter, field: string): { value: unknown } | undefined {
  if (!(field in filter)) return undefined;
  const v = filter[field];
  if (isScalar(v)) return { value: v };
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$eq' && isScalar((v as { $eq: unknown }).$eq)) return { value: (v as { $eq: unknown }).$eq };
  }
  return undefined;
}

/** Ids a filter can only match among, read from `_id` or a unique index; undefined when it pins none. */
function pointIds<T extends Doc>(c: IndexedDocuments<T>, filter: Filter): string[] | undefined {
  const id = filter._id;
  if (typeof id === 'string') return [id];
  if (id && typeof id === 'object' && !Array.isArray(id)) {
    const ops = Object.keys(id);
    const $in = (id as { $in?: unknown }).$in;
    if (ops.length === 1 && Array.isArray($in) && $in.every((x) => typeof x === 'string')) return $in as string[];
    const $eq = (id as { $eq?: unknown }).$eq;
    if (ops.length === 1 && typeof $eq === 'string') return [$eq];
  }
  for (const { def, keys } of c.unique.values()) {
    if (c.sorted.get(def.name)?.multikey) continue;
    const only = def.fields.length === 1 ? filter[def.fields[0] as string] : undefined;
    const $in = only && typeof only === 'object' && !Array.isArray(only) && Object.keys(only).length === 1 ? (only as { $in?: unknown }).$in : undefined;
    if (Array.isArray($in) && $in.every((v) => typeof v === 'string')) return $in.flatMap((v) => keys.get(hashKey(v)) ?? []);
    const values = def.fields.map((f) => pinned(filter, f));
    // null also matches documents missing the field, which a sparse index does not hold.
    if (values.every((v) => v !== undefined && v.value !== null)) {
      const key = uniqueKeyOfValues(values.map((v) => v?.value));
      const holder = keys.get(key);
      return holder === undefined ? [] : [holder];
    }
  }
  const or = filter.$or;
  if (Array.isArray(or) && or.length > 0) {
    const branches = or.map((b) => pointIds(c, b as Filter));
    if (branches.every((b) => b !== undefined)) return branches.flat() as string[];
  }
  return undefined;
}

/** A sorted index whose order, after the fields the filter pins, begins with the sort (or its reverse). */
function sortedWalk<T extends Doc>(c: IndexedDocuments<T>, filter: Filter, sort: Sort): { index: SortedIndex; reverse: boolean } | undefined {
  const wanted = Object.entries(sort);
  for (const index of c.sorted.values()) {
    if (index.multikey) continue;
    const def: IndexDef = index.def;
    let k = 0;
    while (k < def.fields.length && pinned(filter, def.fields[k] as string)) k++;
    // Try every split: pinned leading fields may also be sort fields (sorting on a constant is a no-op).
    for (let start = 0; start <= k; start++) {
      const rest = def.fields.slice(start);
      if (rest.length < wanted.length) continue;
      const sameDir = wanted.every(([f, dir], i) => rest[i] === f && (def.directions[start + i] ?? 1) === dir);
      const oppositeDir = wanted.every(([f, dir], i) => rest[i] === f && (def.directions[start + i] ?? 1) === -dir);
      if (sameDir || oppositeDir) return { index, reverse: !sameDir };
    }
  }
  return undefined;
}

/** The smallest equality bucket among the pinned fields that lead a declared index. */
function smallestBucket<T extends Doc>(c: IndexedDocuments<T>, filter: Filter): ReadonlySet<string> | undefined {
  let best: ReadonlySet<string> | undefined;
  for (const [field, buckets] of c.buckets) {
    const p = pinned(filter, field);
    // Null matches missing fields and empty arrays too; only non-null values are looked up.
    if (!p || p.value === null) continue;
    const set = buckets.lookup(p.value);
    if (!best || set.size < best.size) best = set;
  }
  return best;
}
