import type { Socket, TCPSocketListener } from 'bun';
import { BSON, type Document, MongoClient, ObjectId } from 'mongodb';
import type { DocumentStore } from '../../store/documents.ts';
import { createEmbeddedDocumentStore } from '../../store/embedded-documents.ts';
import { mongoDocumentStore } from '../../store/mongo-documents.ts';
import { runCommand } from './commands.ts';
import { Cursors, serializeReply } from './cursors.ts';
import { KeptResults } from './kept-results.ts';

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

/** One command as the stand-in received it: its name, database and body (document sequences merged in). */
export interface ReceivedCommand {
  name: string;
  db: string;
  body: Document;
}

/** An error reply the next matching command gets instead of running (NotWritablePrimary, BadValue...). */
export type InjectedFault =
  | { code: number; codeName: string; errmsg?: string; errorLabels?: string[] }
  /** The command is received and never answered: a server that stopped responding. */
  | { hang: true };

/**
 * A wire-level MongoDB stand-in for tests: a TCP server speaking OP_MSG (and OP_QUERY for the
 * legacy handshake) to the real `mongodb` driver, answering from the embedded document store.
 * It lets repository tests assert the commands the driver actually sends and see the driver's own
 * error classes for server replies (E11000 in writeErrors, BadValue, NotWritablePrimary).
 *
 * What it does NOT emulate (docs/data-layer.md): replica sets, elections and retryable-write
 * txnNumbers (it presents a standalone), authentication, TLS, compression, transactions,
 * aggregation beyond count pipelines, collation, tailable cursors,
 * write concerns, and BSON types beyond those the services store (string, number, boolean, Date,
 * null, arrays, objects). Query and update semantics are the embedded store's. A find answers
 * its first batch (101 documents unless `batchSize` says otherwise) and the rest by getMore, in
 * batches of at most 16 MiB, as a server does; the results are taken when the find runs.
 *
 * bench:scale also runs it as the database of a production-shaped system (scripts/bench-scale),
 * on a fixed port and without the command log.
 */
export interface MongoWireStandIn {
  /** mongodb://127.0.0.1:<port>/?directConnection=true */
  url: string;
  /** Every command received (handshakes and monitoring heartbeats excluded), oldest first. */
  commands: ReceivedCommand[];
  /** Makes the next `times` commands named `name` fail with `fault`. */
  failNext(name: string, fault: InjectedFault, times?: number): void;
  stop(): Promise<void>;
}

const HANDSHAKES = new Set(['hello', 'ismaster', 'isMaster']);
/**
 * The commands that change a collection's documents: each forgets the collection's kept results.
 * An index changes no result (every service's start creates its indexes again), so createIndexes
 * keeps them.
 */
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'drop']);

/**
 * Starts the stand-in on 127.0.0.1 (`port`, default a free one); each database name gets its own
 * embedded store. `record: false` keeps no command log (a long-running stand-in would grow it).
 * `getMoreDelayMs` answers every getMore that much later: a server reading a large collection,
 * so a test at a small size sees how long reading it in batches takes (a snapshot build).
 * `keepResultsBytes` keeps whole find results as BSON (kept-results.ts), up to that many bytes,
 * so the same find again costs the stand-in nothing but the sending, as from a server's cache
 * (bench:scale's stand-in; tests of the cache).
 */
export function startMongoWireStandIn(options: { port?: number; record?: boolean; getMoreDelayMs?: number; keepResultsBytes?: number } = {}): MongoWireStandIn {
  const record = options.record ?? true;
  const databases = new Map<string, DocumentStore>();
  const dbFor = (name: string) => {
    let db = databases.get(name);
    if (!db) {
      db = createEmbeddedDocumentStore();
      databases.set(name, db);
    }
    return db;
  };
  const commands: ReceivedCommand[] = [];
  // Index specs as created, per namespace, for listIndexes/dropIndexes (the embedded store keeps its own).
  const indexes = new Map<string, Document[]>();
  const cursors = new Cursors();
  const kept = options.keepResultsBytes ? new KeptResults(options.keepResultsBytes) : undefined;
  const faults: { name: string; fault: InjectedFault; left: number }[] = [];
  let connectionId = 0;

  const answer = async (name: string, db: string, body: Document): Promise<Document> => {
    if (HANDSHAKES.has(name)) return hello(++connectionId);
    if (record) commands.push({ name, db, body });
    const fault = faults.find((f) => f.name === name && f.left > 0);
    if (fault) {
      fault.left--;
      const f = fault.fault;
      if ('hang' in f) return new Promise<Document>(() => {});
      return { ok: 0, code: f.code, codeName: f.codeName, errmsg: f.errmsg ?? f.codeName, ...(f.errorLabels ? { errorLabels: f.errorLabels } : {}) };
    }
    if (name === 'getMore' && options.getMoreDelayMs) await Bun.sleep(options.getMoreDelayMs);
    // A write forgets the collection's kept results as it begins and again once it is done (a find meanwhile is not kept).
    const written = kept && WRITES.has(name) ? `${db}.${body[name]}` : undefined;
    if (written) kept?.written(written);
    try {
      return await runCommand(name, body, dbFor(db), { indexes, cursors, kept });
    } catch (err) {
      const e = err as { code?: number; codeName?: string; message?: string };
      return { ok: 0, code: e.code ?? 8000, codeName: e.codeName ?? 'StandInError', errmsg: e.message ?? String(err) };
    } finally {
      if (written) kept?.written(written);
    }
  };

  const buffers = new WeakMap<Socket<undefined>, { chunks: Buffer[]; length: number }>();
  // What a socket could not take yet: Bun's write() sends what the kernel accepts and returns how
  // much; the rest goes out on drain, in order (a reply of megabytes does not fit at once).
  const unsent = new WeakMap<Socket<undefined>, Buffer>();
  const send = (socket: Socket<undefined>, reply: Buffer) => {
    const queued = unsent.get(socket);
    if (queued) {
      unsent.set(socket, Buffer.concat([queued, reply]));
      return;
    }
    const written = socket.write(reply);
    if (written < reply.length) unsent.set(socket, reply.subarray(Math.max(0, written)));
  };
  const listener: TCPSocketListener<undefined> = Bun.listen({
    hostname: '127.0.0.1',
    port: options.port ?? 0,
    socket: {
      data(socket, chunk) {
        // Chunks are joined only once a whole message has arrived (a bulk write of megabytes
        // comes in many chunks; joining at each would copy it over and over).
        const pending = buffers.get(socket) ?? { chunks: [], length: 0 };
        pending.chunks.push(Buffer.from(chunk));
        pending.length += chunk.length;
        const first = pending.chunks[0] as Buffer;
        const need = first.length >= 4 ? first.readInt32LE(0) : 16;
        if (pending.length < Math.max(16, need)) {
          buffers.set(socket, pending);
          return;
        }
        let buf = pending.chunks.length === 1 ? first : Buffer.concat(pending.chunks, pending.length);
        while (buf.length >= 16 && buf.length >= buf.readInt32LE(0)) {
          // A length shorter than its own header is no message: the connection is dropped, as a server does.
          if (buf.readInt32LE(0) < 16) {
            buffers.delete(socket);
            socket.end();
            return;
          }
          const message = buf.subarray(0, buf.readInt32LE(0));
          buf = buf.subarray(message.length);
          void handle(message).then((reply) => send(socket, reply));
        }
        buffers.set(socket, { chunks: buf.length ? [buf] : [], length: buf.length });
      },
      drain(socket) {
        const queued = unsent.get(socket);
        if (!queued) return;
        unsent.delete(socket);
        send(socket, queued);
      },
    },
  });

  /** The reply to one message; a failure of the stand-in itself is an error reply (ok: 0), never an unhandled rejection. */
  async function handle(message: Buffer): Promise<Buffer> {
    try {
      return await replyTo(message);
    } catch (err) {
      const failure = { ok: 0, code: 8000, codeName: 'StandInError', errmsg: `the stand-in failed: ${String(err)}` };
      return message.readInt32LE(12) === OP_QUERY ? opReply(message.readInt32LE(4), failure) : opMsg(message.readInt32LE(4), failure);
    }
  }

  async function replyTo(message: Buffer): Promise<Buffer> {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_QUERY) {
      // flags(4) fullCollectionName(cstring) numberToSkip(4) numberToReturn(4) query(BSON)
      const nameEnd = message.indexOf(0, 20);
      const query = BSON.deserialize(message.subarray(nameEnd + 9));
      const name = Object.keys(query)[0] ?? '';
      return opReply(requestId, await answer(name, 'admin', query));
    }
    if (opCode !== OP_MSG) throw new Error(`the stand-in speaks OP_MSG and OP_QUERY only, got opCode ${opCode}`);
    let body: Document = {};
    let offset = 20;
    while (offset < message.length) {
      const kind = message[offset];
      offset += 1;
      const size = message.readInt32LE(offset);
      if (kind === 0) {
        body = { ...BSON.deserialize(message.subarray(offset, offset + size)), ...body };
        offset += size;
        continue;
      }
      // Kind 1: a document sequence (insert's `documents`, update's `updates`...), merged into the body.
      const end = offset + size;
      const idEnd = message.indexOf(0, offset + 4);
      const identifier = message.toString('utf8', offset + 4, idEnd);
      const docs: Document[] = [];
      for (let p = idEnd + 1; p < end; p += message.readInt32LE(p)) docs.push(BSON.deserialize(message.subarray(p, p + message.readInt32LE(p))));
      body[identifier] = docs;
      offset = end;
    }
    const name = Object.keys(body)[0] ?? '';
    return opMsg(requestId, await answer(name, String(body.$db ?? 'admin'), body));
  }

  return {
    url: `mongodb://127.0.0.1:${listener.port}/?directConnection=true`,
    commands,
    failNext(name, fault, times = 1) {
      faults.push({ name, fault, left: times });
    },
    async stop() {
      listener.stop(true);
    },
  };
}

/** The handshake of a standalone server speaking the wire version of MongoDB 7.0. */
function hello(connectionId: number): Document {
  return {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(0, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(responseTo: number, doc: Document): Buffer {
  const body = Buffer.from(serializeReply(doc));
  const flags = Buffer.alloc(5); // flagBits 0, then section kind 0
  return Buffer.concat([header(16 + flags.length + body.length, responseTo, OP_MSG), flags, body]);
}

function opReply(responseTo: number, doc: Document): Buffer {
  const body = Buffer.from(BSON.serialize(doc));
  const fields = Buffer.alloc(20); // responseFlags, cursorID (8), startingFrom, numberReturned
  fields.writeInt32LE(1, 16);
  return Buffer.concat([header(16 + fields.length + body.length, responseTo, OP_REPLY), fields, body]);
}

/** A driver client on the stand-in and one database of it: `store` through the production adapter, `raw` as a hand (Compass) would write. */
export function openStandInDatabase(standIn: MongoWireStandIn, name: string) {
  const client = new MongoClient(standIn.url, { serverSelectionTimeoutMS: 2_000, ignoreUndefined: true });
  const raw = client.db(name);
  return { store: mongoDocumentStore(client, raw), raw, close: () => client.close() };
}

/** The driver's ObjectId, for tests that insert what a hand-made document holds. */
export { ObjectId };
