import { BSON, type Document } from 'mongodb';

/**
 * Whole find results the stand-in keeps as the BSON it sent, by namespace and query, so the same
 * find again (a service restarting on stored data: the catalog's and talent's snapshot reads)
 * sends those bytes instead of decoding every document from the embedded store, projecting it
 * and encoding it again. A real MongoDB answers such a read from its cache, natively; the
 * stand-in's JavaScript did it at ~10 s per 100k catalog summaries, which bench figures then
 * measured instead of the services (docs/scale.md, "Fifth pass"). Any write to a collection
 * forgets its results, and a result read while one ran is not kept, so a kept result is always
 * what the store holds. At most `maxBytes` are kept (the oldest dropped first); only a result
 * read to its end is kept.
 */
export class KeptResults {
  private readonly results = new Map<string, { ns: string; docs: readonly Uint8Array[]; bytes: number }>();
  private readonly writes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The key of a find: its namespace and what decides its result (filter, sort, projection, skip, limit). */
  keyOf(ns: string, find: Document): string {
    const query = { f: find.filter ?? {}, s: find.sort ?? {}, p: find.projection ?? {}, k: find.skip ?? 0, l: find.limit ?? 0 };
    return `${ns}\u0000${Buffer.from(BSON.serialize(query)).toString('base64')}`;
  }

  /** A kept result's documents (not to be changed), or undefined. */
  get(key: string): readonly Uint8Array[] | undefined {
    return this.results.get(key)?.docs;
  }

  /** Where a find's batches go as they are sent: once the result has run dry with no write since the find began, it is kept. */
  collector(ns: string, key: string): (batch: readonly Uint8Array[], done: boolean) => void {
    const startedAt = this.writes.get(ns) ?? 0;
    const docs: Uint8Array[] = [];
    let bytes = 0;
    return (batch, done) => {
      for (const d of batch) {
        docs.push(d);
        bytes += d.byteLength;
      }
      if (done && (this.writes.get(ns) ?? 0) === startedAt) this.keep(key, ns, docs, bytes);
    };
  }

  /** A write to `ns` began or ended: its results are forgotten, and one being read now is not kept. */
  written(ns: string): void {
    this.writes.set(ns, (this.writes.get(ns) ?? 0) + 1);
    for (const [key, r] of this.results) {
      if (r.ns !== ns) continue;
      this.results.delete(key);
      this.bytes -= r.bytes;
    }
  }

  /** How many bytes are kept (tests). */
  get keptBytes(): number {
    return this.bytes;
  }

  private keep(key: string, ns: string, docs: readonly Uint8Array[], bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.results.get(key);
    if (old) {
      this.results.delete(key);
      this.bytes -= old.bytes;
    }
    for (const [k, r] of this.results) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.results.delete(k);
      this.bytes -= r.bytes;
    }
    this.results.set(key, { ns, docs, bytes });
    this.bytes += bytes;
  }
}
