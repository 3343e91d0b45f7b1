import type { Filter, Projection, Sort } from './documents.ts';

/**
 * MongoDB semantics the embedded store needs beyond mingo's matching and update operators:
 * dotted paths, BSON comparison order for sorts, projections, and the fields an upsert copies
 * from its filter.
 */
export function getPath(doc: unknown, path: string): unknown {
  // A top-level field (most index keys) needs no split.
  if (!path.includes('.')) return doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[path] : undefined;
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Mongo's BSON comparison order for the value types the services store. */
function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (typeof v === 'object' && !(v instanceof Date)) return 4;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  return 10;
}

/** Two values in BSON comparison order (null and missing first, then numbers, strings, objects, arrays, booleans, dates). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0;
}

export function sortDocs<T>(docs: T[], sort: Sort): T[] {
  const entries = Object.entries(sort);
  // Array.prototype.sort is stable, so ties keep insertion order like an unindexed scan.
  return [...docs].sort((x, y) => {
    for (const [field, dir] of entries) {
      const c = compareValues(getPath(x, field), getPath(y, field));
      if (c !== 0) return c * dir;
    }
    return 0;
  });
}

type ProjectionTree = { [field: string]: true | ProjectionTree };
const trees = new WeakMap<Projection, ProjectionTree>();

/** An inclusion projection as a tree of fields, built once per projection object. */
function treeOf(projection: Projection): ProjectionTree {
  let tree = trees.get(projection);
  if (!tree) {
    tree = {};
    for (const [k, v] of Object.entries(projection)) {
      if (v !== 1) continue;
      const parts = k.split('.');
      let node = tree;
      for (const part of parts.slice(0, -1)) {
        const next = node[part];
        if (next === true) break;
        node[part] = next ?? {};
        node = node[part] as ProjectionTree;
      }
      node[parts[parts.length - 1] as string] = true;
    }
    trees.set(projection, tree);
  }
  return tree;
}

/** Copies the projected fields of `src` (arrays of subdocuments projected element by element, as MongoDB does). */
function pick(src: unknown, tree: ProjectionTree): unknown {
  if (Array.isArray(src)) return src.filter((e) => e !== null && typeof e === 'object' && !Array.isArray(e)).map((e) => pick(e, tree));
  const from = src as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in tree) {
    const want = tree[key] as true | ProjectionTree;
    const v = from[key];
    if (v === undefined) continue;
    if (want === true) out[key] = v;
    else if (v !== null && typeof v === 'object' && !(v instanceof Date)) out[key] = pick(v, want);
  }
  return out;
}

export function project<T>(doc: T, projection?: Projection): T {
  if (!projection) return doc;
  const entries = Object.entries(projection);
  if (entries.length === 0) return doc;
  const including = entries.some(([k, v]) => v === 1 && k !== '_id');
  const src = doc as Record<string, unknown>;
  if (including) {
    const out = pick(src, treeOf(projection)) as Record<string, unknown>;
    if (projection._id === 0) delete out._id;
    else out._id = src._id;
    return out as T;
  }
  const out = structuredClone(src);
  for (const [k, v] of entries) if (v === 0) deletePath(out, k);
  return out as T;
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  if (value === undefined) return;
  if (!path.includes('.')) {
    target[path] = value;
    return;
  }
  const parts = path.split('.');
  let cur = target;
  for (const part of parts.slice(0, -1)) {
    cur[part] ??= {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1] as string] = value;
}

function deletePath(target: Record<string, unknown>, path: string): void {
  const parts = path.split('.');
  let cur: unknown = target;
  for (const part of parts.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return;
    cur = (cur as Record<string, unknown>)[part];
  }
  if (cur && typeof cur === 'object') delete (cur as Record<string, unknown>)[parts[parts.length - 1] as string];
}

/** The equality fields of a filter, as Mongo copies them into an upserted document. */
export function seedFromFilter(filter: Filter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$')) continue;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && Object.keys(v).some((x) => x.startsWith('$'))) {
      const eq = (v as Record<string, unknown>).$eq;
      if (eq !== undefined) setPath(out, k, copied(eq));
      continue;
    }
    setPath(out, k, copied(v));
  }
  return out;
}

/** A copy of an object value; scalars (an `_id`, most seeds) as they are. */
function copied(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? structuredClone(v) : v;
}
