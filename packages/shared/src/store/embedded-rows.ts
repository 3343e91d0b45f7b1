import { deserialize, serialize } from 'bun:jsc';
import type { Doc } from './documents.ts';
import { Bodies } from './embedded-bodies.ts';
import { sealCopy } from './embedded-values.ts';

/** Above this many bytes an encoded document is kept compressed (below it zstd saves little and costs a call). */
const COMPRESS_ABOVE = 1_024;

/** zstd's frame magic number: an encoding that begins with it is compressed (a serialized value begins with its format version). */
function isCompressed(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;
}

/**
 * A stored document as bytes: JSC's structured clone (Bun's `bun:jsc` serialize: every type the
 * services store, dates included), zstd level 1 above COMPRESS_ABOVE bytes. A seed-sized catalog
 * service is ~7.8 KB serialized, ~3.7 KB compressed, where as objects on the heap it took ~13 KB.
 */
export function encodeDocument(doc: Doc): Uint8Array {
  const bytes = serialize(doc, { binaryType: 'nodebuffer' }) as Buffer;
  return bytes.length > COMPRESS_ABOVE ? Bun.zstdCompressSync(bytes, { level: 1 }) : bytes;
}

/** The document `bytes` encodes: a fresh copy each time. */
export function decodeDocument<T extends Doc>(bytes: Uint8Array): T {
  return deserialize(isCompressed(bytes) ? Bun.zstdDecompressSync(bytes) : bytes) as T;
}

/**
 * The documents of an embedded collection, kept off the JS heap: each one encoded
 * (encodeDocument; in a temporary file once the collection is large, embedded-bodies.ts) and
 * decoded on every read, so a reader gets its own copy, as from the driver.
 * Beside each is its head: `_id` and the top-level fields an index or a TTL reads, copied. The
 * indexes and the query planner work on heads, so a query the indexes answer decodes only the
 * documents it returns, and the collector walks a few small objects per document instead of
 * every string and array of it (a 100k-document catalog held ~9.4M cells on the heap as objects).
 */
export class Rows<T extends Doc> {
  /** _id -> head, in insertion order (MongoDB's natural order for an unsorted scan). */
  readonly heads = new Map<string, T>();
  private readonly bodies: Bodies;
  private readonly fields = new Set<string>(['_id']);
  private readonly interned = new Map<string, string>();

  /** `spillAboveBytes`: past this many encoded bytes the bodies go to a temporary file (embedded-bodies.ts). */
  constructor(spillAboveBytes?: number) {
    this.bodies = new Bodies(spillAboveBytes);
  }

  /** Stores `doc` (replacing the stored version of the same `_id`); returns its head. */
  put(doc: T): T {
    this.bodies.set(doc._id, encodeDocument(doc));
    const head = this.headOf(doc);
    this.heads.set(doc._id, head);
    return head;
  }

  /** The whole stored document of `id` (decoded: a fresh copy), or undefined. */
  full(id: string): T | undefined {
    const bytes = this.bodies.get(id);
    return bytes === undefined ? undefined : decodeDocument<T>(bytes);
  }

  delete(id: string): void {
    this.heads.delete(id);
    this.bodies.delete(id);
  }

  /** True once the bodies live in a file. */
  get spilled(): boolean {
    return this.bodies.spilled;
  }

  /** Closes the bodies' file, if any; the rows are not read afterwards. */
  close(): void {
    this.bodies.close();
  }

  /** True when the heads hold every top-level field of `paths` (dotted paths read their first field), so a filter or sort on them can run on heads. */
  covers(paths: Iterable<string>): boolean {
    for (const p of paths) if (!this.fields.has(topField(p))) return false;
    return true;
  }

  /** Makes the heads hold the top-level fields of `paths` too (an index declared on them): every head is made again from its document. */
  holdFields(paths: readonly string[]): void {
    const missing = paths.map(topField).filter((f) => !this.fields.has(f));
    if (missing.length === 0) return;
    for (const f of missing) this.fields.add(f);
    for (const id of this.heads.keys()) this.heads.set(id, this.headOf(this.full(id) as T));
  }

  /** `_id` and the held fields of `doc`, copied (a caller's later change to what it wrote must not move an index). */
  private headOf(doc: T): T {
    const head: Record<string, unknown> = {};
    for (const f of this.fields) {
      const v = doc[f];
      if (v === undefined) continue;
      if (typeof v === 'string') head[f] = f === '_id' ? v : this.intern(v);
      else if (Array.isArray(v) && v.every((e) => typeof e === 'string')) head[f] = v.map((e) => this.intern(e));
      else head[f] = typeof v === 'object' && v !== null ? sealCopy(v) : v;
    }
    return head as T;
  }

  /**
   * One instance of each short value the heads hold (market codes, categories, roles, statuses,
   * timestamps): documents read from JSON or the wire each bring their own copy of them, which
   * 100k heads would otherwise keep. Long values (slugs, ids) are mostly unique and kept as given.
   */
  private intern(value: string): string {
    if (value.length > MAX_INTERNED) return value;
    const held = this.interned.get(value);
    if (held !== undefined) return held;
    this.interned.set(value, value);
    return value;
  }
}

/** Strings up to this long are held once across heads (see Rows.intern). */
const MAX_INTERNED = 24;

/** The top-level field a path reads: `refund` for `refund.state`. */
export function topField(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}
