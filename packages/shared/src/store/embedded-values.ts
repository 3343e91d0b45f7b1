import type { Doc } from './documents.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A value as the services' MongoDB driver serialises it (`ignoreUndefined: true`, mongo-documents.ts):
 * a field set to `undefined` is left out, so it is missing (not null) when stored, matched or counted
 * by a sparse unique index, on this store exactly as on a real server; in an array it is null.
 */
export function asDriverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return value.some((v) => v === undefined || isPlainObject(v) || Array.isArray(v)) ? value.map(asDriverValue) : value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(value)) {
    const v = value[k];
    if (v === undefined) {
      out ??= { ...value };
      delete out[k];
      continue;
    }
    const next = asDriverValue(v);
    if (next !== v) {
      out ??= { ...value };
      out[k] = next;
    }
  }
  return out ?? value;
}

/**
 * A deep copy of a value as the driver would store it (an `undefined` field left out), in one
 * walk, with every object frozen and arrays only when `freezeArrays` (a frozen array costs JSC a
 * sparse storage; see createEmbeddedDocumentStore). Nothing the caller handed in is kept, not even
 * a frozen object (it may hold a mutable array), so the caller can never change what was stored.
 */
export function sealCopy<T>(value: T, freezeArrays: boolean): T {
  if (typeof value !== 'object') return (value === undefined ? null : value) as T;
  if (value === null) return value;
  if (Array.isArray(value)) {
    // An array of scalars (most are: words, market codes) is copied natively.
    const out = holdsOnlyScalars(value) ? value.slice() : value.map((v) => sealCopy(v, freezeArrays));
    return (freezeArrays ? Object.freeze(out) : out) as T;
  }
  if (value instanceof Date) return Object.freeze(new Date(value.getTime())) as T;
  if (!isPlainObject(value)) return Object.freeze(structuredClone(value));
  const out: Record<string, unknown> = {};
  // for-in, not Object.keys: no array per object; a plain object inherits no enumerable keys.
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sealCopy(v, freezeArrays);
  }
  return Object.freeze(out) as T;
}

/** True when no element needs a deep copy or the driver's undefined-to-null. */
function holdsOnlyScalars(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined || typeof v === 'object') return false;
  }
  return true;
}

const PLAIN_SEGMENT = /^(?!\$)(?!\d+$)[^.]+$/;

/**
 * `$set` (and, when inserting, `$setOnInsert`) applied without a general update engine: the new
 * document shares every untouched part with the old one and copies only the objects on a set
 * path. Undefined when the update needs more (other operators, array positions, `$` paths, or
 * one path inside another or set twice, which MongoDB refuses): the caller then uses mingo.
 */
export function applySetsFast<T extends Doc>(doc: T, update: Record<string, unknown>, inserting: boolean, freezeArrays: boolean): T | undefined {
  for (const op in update) if (op !== '$set' && op !== '$setOnInsert') return undefined;
  const set = update.$set as Record<string, unknown> | undefined;
  const onInsert = inserting ? (update.$setOnInsert as Record<string, unknown> | undefined) : undefined;
  const paths: string[] = [];
  let dotted = false;
  for (const sets of [set, onInsert]) {
    for (const path in sets) {
      if (!PLAIN_SEGMENT.test(path)) {
        if (!path.split('.').every((seg) => PLAIN_SEGMENT.test(seg))) return undefined;
        dotted = true;
      }
      paths.push(path);
    }
  }
  // Nothing to set (`$setOnInsert` on a match): the stored document itself, unchanged.
  if (paths.length === 0) return doc;
  // Without dotted paths, only a path in both $set and $setOnInsert can conflict.
  if (dotted || (set && onInsert)) {
    const sorted = paths.sort();
    for (let i = 1; i < sorted.length; i++) if ((sorted[i] as string).startsWith(`${sorted[i - 1]}.`) || sorted[i] === sorted[i - 1]) return undefined;
  }
  const created: object[] = [];
  const root: Record<string, unknown> = { ...doc };
  created.push(root);
  for (const sets of [set, onInsert]) {
    for (const path in sets) {
      const value = sealCopy(sets[path], freezeArrays);
      if (!dotted) {
        root[path] = value;
        continue;
      }
      const segs = path.split('.');
      let target = root;
      for (const seg of segs.slice(0, -1)) {
        const child = target[seg];
        if (child !== undefined && child !== null && !isPlainObject(child)) return undefined;
        const next: Record<string, unknown> = child ? { ...(child as Record<string, unknown>) } : {};
        created.push(next);
        target[seg] = next;
        target = next;
      }
      target[segs[segs.length - 1] as string] = value;
    }
  }
  for (const o of created) Object.freeze(o);
  return root as T;
}
