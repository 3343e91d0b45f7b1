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

/** A document as a cursor holds it: decoded (as the store read it) or already BSON (a result kept by the stand-in). */
export type CursorDocument = Document | Uint8Array;

interface OpenCursor {
  ns: string;
  /** The documents read from the store and not handed out yet (from `at`). */
  docs: CursorDocument[];
  at: number;
  /** Where more come from, a chunk at a time; undefined once it has run dry. */
  source: AsyncIterator<CursorDocument[]> | undefined;
  usedAt: number;
  /** Told each batch's documents as BSON as they go out, and `true` once the result has run dry (the stand-in keeps whole results). */
  onBatch?: (batch: readonly Uint8Array[], done: boolean) => void;
}

/**
 * A batch of a cursor reply as BSON documents, each serialized once as it is taken (its size
 * counted then), written into the reply as they are (serializeReply): the stand-in never walks a
 * document twice to size and send it, nor a kept result at all.
 */
export class EncodedBatch {
  constructor(readonly docs: readonly Uint8Array[]) {}

  get length(): number {
    return this.docs.length;
  }

  /** The documents decoded (tests). */
  decoded(): Document[] {
    return this.docs.map((d) => BSON.deserialize(d));
  }
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
  async first(
    ns: string,
    result: CursorDocument[] | AsyncIterable<CursorDocument[]>,
    options: { batchSize?: number; singleBatch?: boolean; onBatch?: OpenCursor['onBatch'] },
  ): Promise<Document> {
    this.dropIdle();
    const cursor: OpenCursor = Array.isArray(result)
      ? { ns, docs: result, at: 0, source: undefined, usedAt: this.now(), onBatch: options.onBatch }
      : { ns, docs: [], at: 0, source: result[Symbol.asyncIterator](), usedAt: this.now(), onBatch: options.onBatch };
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

  private async take(cursor: OpenCursor, count: number): Promise<EncodedBatch> {
    const batch: Uint8Array[] = [];
    let bytes = 0;
    await this.refill(cursor);
    while (cursor.at < cursor.docs.length && batch.length < count) {
      const doc = cursor.docs[cursor.at] as CursorDocument;
      // Serialized once: its size is what it takes in the reply, and the reply carries these bytes.
      const encoded = doc instanceof Uint8Array ? doc : BSON.serialize(doc);
      // The document, and its array entry: type byte, index key, NUL.
      bytes += encoded.byteLength + 2 + String(batch.length).length;
      if (bytes > BATCH_BYTES && batch.length > 0) break;
      batch.push(encoded);
      cursor.at++;
      await this.refill(cursor);
    }
    cursor.onBatch?.(batch, cursor.at >= cursor.docs.length && !cursor.source);
    return new EncodedBatch(batch);
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

/**
 * The BSON of a command reply: BSON.serialize, except that a cursor reply's batch (an
 * EncodedBatch) is written as the documents' bytes, in one buffer. The reply is
 * `{ cursor: { firstBatch | nextBatch, id, ns }, ok }`, as Cursors makes it.
 */
export function serializeReply(reply: Document): Uint8Array {
  const cursor = reply.cursor as Document | undefined;
  const key = cursor
    ? cursor.firstBatch instanceof EncodedBatch
      ? 'firstBatch'
      : cursor.nextBatch instanceof EncodedBatch
        ? 'nextBatch'
        : undefined
    : undefined;
  if (!cursor || !key) return BSON.serialize(reply);
  const batch = cursor[key] as EncodedBatch;
  const { [key]: _batch, ...rest } = cursor;
  // The cursor's other fields (id, ns) and the reply's (ok), serialized as usual, then spliced.
  const restBytes = BSON.serialize(rest);
  const { cursor: _cursor, ...outer } = reply;
  const outerRest = BSON.serialize(outer);
  const entryKeys = batch.docs.map((_, i) => String(i));
  const arrayLength = 4 + batch.docs.reduce((n, d, i) => n + 1 + (entryKeys[i] as string).length + 1 + d.byteLength, 0) + 1;
  // cursor: { <key>: [...], ...rest }: the array element, then rest's elements (without its length and NUL).
  const cursorLength = 4 + (1 + key.length + 1 + arrayLength) + (restBytes.byteLength - 5) + 1;
  // The reply: cursor first, then the other fields (ok...).
  const total = 4 + (1 + 'cursor'.length + 1 + cursorLength) + (outerRest.byteLength - 5) + 1;
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  const int32 = (v: number) => {
    out.writeInt32LE(v, at);
    at += 4;
  };
  const name = (type: number, n: string) => {
    out[at++] = type;
    at += out.write(n, at, 'latin1');
    out[at++] = 0;
  };
  const bytes = (b: Uint8Array) => {
    out.set(b, at);
    at += b.byteLength;
  };
  int32(total);
  name(0x03, 'cursor');
  int32(cursorLength);
  name(0x04, key);
  int32(arrayLength);
  batch.docs.forEach((d, i) => {
    name(0x03, entryKeys[i] as string);
    bytes(d);
  });
  out[at++] = 0;
  bytes(restBytes.subarray(4, restBytes.byteLength - 1));
  out[at++] = 0;
  bytes(outerRest.subarray(4, outerRest.byteLength - 1));
  out[at++] = 0;
  if (at !== total) throw new Error(`serializeReply wrote ${at} of ${total} bytes`);
  return out;
}
