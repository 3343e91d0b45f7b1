/**
 * The production MongoDB adapter through the real `mongodb` driver against the wire-level
 * stand-in: the commands the driver sends, and the driver's error classes for the replies
 * production meets (E11000, BadValue, NotWritablePrimary, a server that stops answering).
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { Long, MongoServerError } from 'mongodb';
import { createMemoryLogger } from '../core/logger.ts';
import { createTelemetry } from '../telemetry/telemetry.ts';
import { openStandInDatabase, startMongoWireStandIn } from '../testing/mongo-wire/server.ts';
import { waitFor } from '../testing/poll.ts';
import { isDuplicateKeyError } from './documents.ts';
import { createEmbeddedDocumentStore } from './embedded-documents.ts';
import { createMongoDocumentStore, decodeBson } from './mongo-documents.ts';
import { mongoDatabaseName } from './mongo-settings.ts';
import { observeDocumentStore } from './observed.ts';
import { StoreUnavailableError } from './unavailable.ts';

const standIn = startMongoWireStandIn();
const logger = createMemoryLogger();
const open = (database: string, timeoutMs = 2_000) =>
  createMongoDocumentStore({ url: standIn.url, database, timeoutMs, maxPoolSize: 5, minPoolSize: 0, readPreference: 'primary' }, { logger });
const stores: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await standIn.stop();
});
const fresh = (timeoutMs?: number) => {
  const store = open(`wire_${crypto.randomUUID().slice(0, 8)}`, timeoutMs);
  stores.push(store);
  return store;
};
const sent = (db: string, name: string) => standIn.commands.filter((c) => c.db === db && c.name === name);

describe('the MongoDB adapter over the wire', () => {
  it('uses the service database when the URL names none (never "test"), and sends string ids as strings', async () => {
    const database = mongoDatabaseName(standIn.url, 'auth');
    expect(database).toBe('auth');
    const store = open(database);
    stores.push(store);
    await store.collection('staff').insertOne({ _id: 'staff-1', email: 'a@x.test' });
    const [insert] = sent('auth', 'insert');
    expect(insert?.body.documents).toEqual([{ _id: 'staff-1', email: 'a@x.test' }]);
    expect(standIn.commands.some((c) => c.db === 'test')).toBe(false);
  });

  it('leaves undefined fields out instead of storing null (sparse unique indexes stay sparse)', async () => {
    const store = fresh();
    await store.collection('users').insertOne({ _id: 'u-1', email: undefined, mobile: '+4915112345678' });
    const insert = standIn.commands.findLast((c) => c.name === 'insert');
    expect(Object.keys(insert?.body.documents[0] ?? {})).toEqual(['_id', 'mobile']);
  });

  it('sends createIndexes with the options given, and reports a duplicate key as the driver error code 11000', async () => {
    const store = fresh();
    const staff = store.collection('staff');
    await staff.createIndex({ email: 1 }, { unique: true });
    const create = standIn.commands.findLast((c) => c.name === 'createIndexes');
    expect(create?.body.indexes).toEqual([{ key: { email: 1 }, name: 'email_1', unique: true }]);
    await staff.insertOne({ _id: 'a', email: 'x@y.test' });
    const err = await staff.insertOne({ _id: 'b', email: 'x@y.test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(isDuplicateKeyError(err)).toBe(true);
  });

  it('rebuilds an index whose options changed (85 IndexOptionsConflict) instead of failing every start', async () => {
    const store = fresh();
    const tokens = store.collection('reset_tokens');
    await tokens.createIndex({ staffId: 1 });
    standIn.failNext('createIndexes', { code: 85, codeName: 'IndexOptionsConflict', errmsg: 'An existing index has the same name as the requested index' });
    const before = standIn.commands.length;
    expect(await tokens.createIndex({ staffId: 1 }, { unique: true })).toBe('staffId_1');
    expect(standIn.commands.slice(before).map((c) => c.name)).toEqual(['createIndexes', 'listIndexes', 'dropIndexes', 'createIndexes']);
    expect(standIn.commands.findLast((c) => c.name === 'dropIndexes')?.body.index).toBe('staffId_1');
    expect(logger.lines.some((l) => l.msg === 'index options changed: rebuilding the index')).toBe(true);
  });

  it('keeps BadValue a fault of the request (a 500 to investigate), not an outage', async () => {
    const store = fresh();
    standIn.failNext('find', { code: 2, codeName: 'BadValue', errmsg: 'Regular expression is invalid' });
    const err = await store
      .collection('services')
      .find({ title: { $regex: 'a\u0000b' } })
      .toArray()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err).not.toBeInstanceOf(StoreUnavailableError);
    expect((err as MongoServerError).code).toBe(2);
  });

  it('turns NotWritablePrimary on a write into StoreUnavailableError (503), and the next write succeeds', async () => {
    const store = fresh();
    standIn.failNext('insert', { code: 10107, codeName: 'NotWritablePrimary', errmsg: 'not primary' });
    const err = await store
      .collection('sessions')
      .insertOne({ _id: 's-1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await store.collection('sessions').insertOne({ _id: 's-2' });
    expect(await store.collection('sessions').countDocuments({})).toBe(1);
  });

  it('bounds an operation on a server that stops answering: StoreUnavailableError within the timeout, not a wait for ever', async () => {
    const store = fresh(300);
    await store.collection('users').insertOne({ _id: 'u-1' });
    // Twice: the driver retries a read once (retryReads) after the first socket timeout.
    standIn.failNext('find', { hang: true }, 2);
    const started = performance.now();
    const err = await store
      .collection('users')
      .findOne({ _id: 'u-1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    // Bounded by the configured timeout (300 ms here) plus reconnecting, never unbounded.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await store.collection('users').findOne({ _id: 'u-1' }))?._id).toBe('u-1');
  });

  it('retries a read once after a timeout, as the driver does, and answers', async () => {
    const store = fresh(300);
    await store.collection('users').insertOne({ _id: 'u-2' });
    const before = standIn.commands.length;
    standIn.failNext('find', { hang: true });
    expect((await store.collection('users').findOne({ _id: 'u-2' }))?._id).toBe('u-2');
    expect(standIn.commands.slice(before).filter((c) => c.name === 'find')).toHaveLength(2);
  });

  it('answers the readiness ping within its bound while the server hangs', async () => {
    const store = fresh(300);
    expect(await store.ping()).toBe(true);
    standIn.failNext('ping', { hang: true });
    expect(await store.ping()).toBe(false);
  });
});

describe('the stand-in answers a large result as a server does', () => {
  it('hands a find of more than 101 documents out by getMore, in order', async () => {
    const store = fresh();
    const items = store.collection<{ _id: string; n: number }>('items');
    await items.insertMany(Array.from({ length: 250 }, (_, n) => ({ _id: `i-${String(n).padStart(3, '0')}`, n })));
    const before = standIn.commands.length;
    const all = await items.find({}, { sort: { n: 1 } }).toArray();
    expect(all.map((d) => d.n)).toEqual(Array.from({ length: 250 }, (_, n) => n));
    // The first batch holds 101 (MongoDB's default), one getMore without batchSize the rest.
    expect(standIn.commands.slice(before).map((c) => c.name)).toEqual(['find', 'getMore']);
  });

  it('answers each getMore getMoreDelayMs late when asked to (a server reading a large collection)', async () => {
    const slow = startMongoWireStandIn({ getMoreDelayMs: 300 });
    const db = openStandInDatabase(slow, 'slow');
    try {
      const items = db.store.collection<{ _id: string; n: number }>('items');
      await items.insertMany(Array.from({ length: 250 }, (_, n) => ({ _id: `i-${n}`, n })));
      const t0 = performance.now();
      expect(await items.find({}).toArray()).toHaveLength(250);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(300);
    } finally {
      await db.close();
      await slow.stop();
    }
  });

  it('splits batches at 16 MiB, so a result of tens of megabytes arrives whole', async () => {
    const store = fresh();
    const blobs = store.collection<{ _id: string; text: string }>('blobs');
    const text = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) await blobs.insertOne({ _id: `b-${String(i).padStart(2, '0')}`, text });
    const before = standIn.commands.length;
    const all = await blobs.find({}, { sort: { _id: 1 } }).toArray();
    expect(all).toHaveLength(40);
    expect(all.every((d) => d.text.length === text.length)).toBe(true);
    // 40 MiB: the first 16 MiB batch, then getMores of at most 16 MiB each (three replies at least).
    expect(standIn.commands.slice(before).filter((c) => c.name === 'getMore').length).toBeGreaterThanOrEqual(2);
  });

  it('turns a batch that never comes into StoreUnavailableError within the timeout, after the batches already read', async () => {
    const store = fresh(300);
    const items = store.collection<{ _id: string; n: number }>('slow_batches');
    await items.insertMany(Array.from({ length: 30 }, (_, n) => ({ _id: `s-${String(n).padStart(2, '0')}`, n })));
    standIn.failNext('getMore', { hang: true });
    const seen: number[] = [];
    const err = await (async () => {
      for await (const batch of items.find({}, { sort: { n: 1 } }).batches(10)) seen.push(...batch.map((d) => d.n));
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, n) => n));
  });

  it("hands the documents' BSON out in batches (rawBatches), asking for the next batch before the caller takes this one", async () => {
    const store = fresh();
    const items = store.collection<{ _id: string; n: number }>('raw_items');
    await items.insertMany(Array.from({ length: 25 }, (_, n) => ({ _id: `r-${String(n).padStart(2, '0')}`, n })));
    const cursor = items.find({ n: { $gte: 2 } }, { sort: { n: 1 }, projection: { n: 1 } });
    const before = standIn.commands.length;
    const seen: { n: number }[][] = [];
    for await (const batch of cursor.rawBatches?.(10) ?? []) {
      // The getMore for the batch after this one went out before this one was handed over.
      if (seen.length === 0) await waitFor('the next getMore', () => standIn.commands.slice(before).some((c) => c.name === 'getMore'));
      expect(batch.every((d) => d instanceof Uint8Array)).toBe(true);
      seen.push(batch.map((d) => decodeBson(d) as { n: number }));
    }
    expect(seen.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(seen.flat()).toEqual(Array.from({ length: 23 }, (_, i) => ({ _id: `r-${String(i + 2).padStart(2, '0')}`, n: i + 2 })));
    // Through the telemetry wrapper too; the embedded store has none (its documents are objects).
    const observed = observeDocumentStore(store, createTelemetry({ service: 'wire' }))
      .collection('raw_items')
      .find({});
    expect((await Array.fromAsync(observed.rawBatches?.(100) ?? [])).flat()).toHaveLength(25);
    expect(
      observeDocumentStore(createEmbeddedDocumentStore(), createTelemetry({ service: 'wire' }))
        .collection('x')
        .find({}).rawBatches,
    ).toBeUndefined();
  });

  it('turns a prefetched batch that never comes into StoreUnavailableError where it is awaited, and closes a raw read left early', async () => {
    const store = fresh(300);
    const items = store.collection<{ _id: string; n: number }>('raw_slow');
    await items.insertMany(Array.from({ length: 30 }, (_, n) => ({ _id: `s-${String(n).padStart(2, '0')}`, n })));
    standIn.failNext('getMore', { hang: true });
    let batches = 0;
    const err = await (async () => {
      for await (const _ of items.find({}, { sort: { n: 1 } }).rawBatches?.(10) ?? []) batches++;
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect(batches).toBe(1);
    const before = standIn.commands.length;
    for await (const _ of items.find({}).rawBatches?.(10) ?? []) break;
    expect(standIn.commands.slice(before).map((c) => c.name)).toContain('killCursors');
  });

  it('closes a cursor left before its end (killCursors with its id), and keeps none open for a read to the end', async () => {
    const store = fresh();
    const items = store.collection<{ _id: string }>('left_early');
    await items.insertMany(Array.from({ length: 30 }, (_, n) => ({ _id: `l-${String(n).padStart(2, '0')}` })));
    const before = standIn.commands.length;
    for await (const batch of items.find({}).batches(10)) {
      expect(batch).toHaveLength(10);
      break;
    }
    const sentNow = standIn.commands.slice(before);
    expect(sentNow.map((c) => c.name)).toEqual(['find', 'killCursors']);
    const kill = sentNow[1]?.body as { killCursors: string; cursors: number[] };
    expect(kill.killCursors).toBe('left_early');
    expect(kill.cursors).toHaveLength(1);
    expect(Number(kill.cursors[0])).toBeGreaterThan(0);
    const afterEarly = standIn.commands.length;
    expect((await Array.fromAsync(items.find({}).batches(10))).flat()).toHaveLength(30);
    expect(standIn.commands.slice(afterEarly).map((c) => c.name)).toEqual(['find', 'getMore', 'getMore']);
  });

  it('drops a connection whose message claims a length shorter than its header', async () => {
    const port = Number(new URL(standIn.url.replace('mongodb://', 'http://')).port);
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2_000);
      void Bun.connect({
        hostname: '127.0.0.1',
        port,
        socket: {
          open(socket) {
            const header = Buffer.alloc(16);
            header.writeInt32LE(8, 0);
            socket.write(header);
          },
          close() {
            clearTimeout(timer);
            resolve(true);
          },
          data() {},
        },
      });
    });
    expect(closed).toBe(true);
    // The stand-in still serves everyone else.
    expect(await fresh().ping()).toBe(true);
  });

  it('answers a getMore on an unknown cursor with CursorNotFound (43)', async () => {
    const store = fresh();
    const items = store.collection<{ _id: string }>('few');
    await items.insertMany(Array.from({ length: 5 }, (_, n) => ({ _id: `f-${n}` })));
    // Five documents fit the first batch: the find leaves no cursor open to ask for more.
    expect(await items.find({}).toArray()).toHaveLength(5);
    const client = openStandInDatabase(standIn, 'cursor_checks');
    try {
      const err = await client.raw.command({ getMore: Long.fromNumber(424242), collection: 'few' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MongoServerError);
      expect((err as MongoServerError).code).toBe(43);
    } finally {
      await client.close();
    }
  });
});
