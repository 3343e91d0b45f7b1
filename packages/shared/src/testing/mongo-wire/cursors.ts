import { BSON, type Document, Long } from 'mongodb';

/** A find's first batch without `batchSize`, as on MongoDB; later batches fill up to the byte limit. */
const DEFAULT_FIRST_BATCH = 101;
/**
 * The most a batch's documents carry: MongoDB's 16 MiB, less room for the reply around them (the
 * cursor fields, and per entry its type byte, index key and NUL, counted as they are added), so a
 * reply always serializes within js-bson's buffer.
 */
const BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;

/** A cursor id as a command carries it: BSON's int64 arrives as a number when it fits one (the driver's promoteLongs). */
type CursorId = Long | number;

interface OpenCursor {
  ns: string;
  /** The documents read from the store and not handed out yet (from `at`). */
  docs: Document[];
  at: number;
  /** Where more come from, a chunk at a time; undefined once it has run dry. */
  source: AsyncIterator<Document[]> | undefined;
  usedAt: number;
}

/** How long an open cursor may sit unread before it is dropped: MongoDB's default cursorTimeoutMillis. */
const IDLE_MS = 10 * 60_000;

/**
 * Open cursors: what a find matched beyond the batch it answered, handed out by getMore in
 * batches as MongoDB sizes them (a count, and never past 16 MiB), so a large result reaches the
 * driver as it would from a server. A result is read from the store a chunk at a time as the
 * batches need it (one chunk ahead, so a cursor knows when it is done), so a cursor holds a chunk,
 * not its whole result; one left unread for 10 minutes is dropped, as a server does.
 */
export class Cursors {
  private readonly open = new Map<string, OpenCursor>();
  private nextId = 1;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The reply to a find: the first batch (`batchSize` 0 opens the cursor with none, as on a
   * server) and a cursor id when more is left, 0 when not or when `singleBatch` asked for one.
   */
  async first(ns: string, result: Document[] | AsyncIterable<Document[]>, options: { batchSize?: number; singleBatch?: boolean }): Promise<Document> {
    this.dropIdle();
    const cursor: OpenCursor = Array.isArray(result)
      ? { ns, docs: result, at: 0, source: undefined, usedAt: this.now() }
      : { ns, docs: [], at: 0, source: result[Symbol.asyncIterator](), usedAt: this.now() };
    const firstBatch = await this.take(cursor, options.batchSize ?? DEFAULT_FIRST_BATCH);
    const id = options.singleBatch ? Long.fromNumber(0) : this.keep(cursor);
    return { cursor: { firstBatch, id, ns }, ok: 1 };
  }

  /** The reply to a getMore on `ns`: the next batch; the cursor is closed once it is exhausted. */
  async more(id: CursorId, ns: string, batchSize: number | undefined): Promise<Document> {
    this.dropIdle();
    const key = id.toString();
    const cursor = this.open.get(key);
    if (!cursor) return { ok: 0, code: 43, codeName: 'CursorNotFound', errmsg: `cursor id ${key} not found` };
    if (cursor.ns !== ns) {
      return {
        ok: 0,
        code: 13,
        codeName: 'Unauthorized',
        errmsg: `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      };
    }
    this.open.delete(key);
    cursor.usedAt = this.now();
    const nextBatch = await this.take(cursor, batchSize || Number.POSITIVE_INFINITY);
    return { cursor: { nextBatch, id: this.keep(cursor, key), ns: cursor.ns }, ok: 1 };
  }

  kill(ids: CursorId[]): Document {
    const killed = ids.filter((id) => this.open.delete(id.toString()));
    const notFound = ids.filter((id) => !killed.includes(id));
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }

  private dropIdle(): void {
    const before = this.now() - IDLE_MS;
    for (const [key, cursor] of this.open) if (cursor.usedAt < before) this.open.delete(key);
  }

  private async take(cursor: OpenCursor, count: number): Promise<Document[]> {
    const batch: Document[] = [];
    let bytes = 0;
    await this.refill(cursor);
    while (cursor.at < cursor.docs.length && batch.length < count) {
      const doc = cursor.docs[cursor.at] as Document;
      // The document, and its array entry: type byte, index key, NUL.
      bytes += BSON.calculateObjectSize(doc) + 2 + String(batch.length).length;
      if (bytes > BATCH_BYTES && batch.length > 0) break;
      batch.push(doc);
      cursor.at++;
      await this.refill(cursor);
    }
    return batch;
  }

  /** Reads the next chunk from the source once every read document is handed out (none when it ran dry). */
  private async refill(cursor: OpenCursor): Promise<void> {
    while (cursor.at >= cursor.docs.length && cursor.source) {
      const next = await cursor.source.next();
      if (next.done) cursor.source = undefined;
      else {
        cursor.docs = next.value;
        cursor.at = 0;
      }
    }
  }

  private keep(cursor: OpenCursor, key = String(this.nextId++)): Long {
    if (cursor.at >= cursor.docs.length && !cursor.source) return Long.fromNumber(0);
    this.open.set(key, cursor);
    return Long.fromString(key);
  }
}
