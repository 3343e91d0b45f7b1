import { describe, expect, it } from 'bun:test';
import { BSON, Long } from 'mongodb';
import { Cursors, type EncodedBatch, serializeReply } from './cursors.ts';

const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: i }));

describe('the stand-in cursors', () => {
  it('opens with an empty first batch for batchSize 0 and hands the rest out by getMore', async () => {
    const cursors = new Cursors();
    const first = await cursors.first('db.c', docs(5), { batchSize: 0 });
    expect((first.cursor.firstBatch as EncodedBatch).decoded()).toEqual([]);
    const id = first.cursor.id as Long;
    expect(id.toNumber()).toBeGreaterThan(0);
    const next = await cursors.more(id, 'db.c', undefined);
    expect(next.cursor.nextBatch).toHaveLength(5);
    expect((next.cursor.id as Long).toNumber()).toBe(0);
  });

  it('leaves no cursor open for singleBatch, and says which killCursors ids it did not know', async () => {
    const cursors = new Cursors();
    const single = await cursors.first('db.c', docs(200), { singleBatch: true });
    expect(single.cursor.firstBatch).toHaveLength(101);
    expect((single.cursor.id as Long).toNumber()).toBe(0);
    const open = (await cursors.first('db.c', docs(200), {})).cursor.id as Long;
    const unknown = Long.fromNumber(999);
    const reply = cursors.kill([open, unknown]);
    expect(reply.cursorsKilled).toEqual([open]);
    expect(reply.cursorsNotFound).toEqual([unknown]);
    expect(await cursors.more(open, 'db.c', undefined)).toMatchObject({ ok: 0, code: 43 });
  });

  it('keeps a batch of many tiny documents, entries included, within 16 MiB so its reply serializes', async () => {
    const cursors = new Cursors();
    const all = docs(800_000);
    const id = (await cursors.first('db.c', all, { batchSize: 1 })).cursor.id as Long;
    const reply = await cursors.more(id, 'db.c', undefined);
    const batch = reply.cursor.nextBatch as unknown[];
    // Without counting each entry's key and type byte, ~650k of these would overflow the reply.
    expect(batch.length).toBeLessThan(all.length - 1);
    const bytes = serializeReply(reply).length;
    expect(bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(bytes).toBeGreaterThan(15 * 1024 * 1024);
  });

  it('drops a cursor left unread for 10 minutes, and refuses a getMore naming another collection', async () => {
    let now = 0;
    const cursors = new Cursors(() => now);
    const id = (await cursors.first('db.c', docs(300), { batchSize: 100 })).cursor.id as Long;
    expect(await cursors.more(id, 'db.other', 100)).toMatchObject({ ok: 0, code: 13 });
    now += 9 * 60_000;
    expect(((await cursors.more(id, 'db.c', 100)).cursor.nextBatch as unknown[]).length).toBe(100);
    // Read at minute 9: it stays open until 10 minutes after that read.
    now += 9 * 60_000;
    expect(((await cursors.more(id, 'db.c', 50)).cursor.nextBatch as unknown[]).length).toBe(50);
    now += 10 * 60_000 + 1;
    expect(await cursors.more(id, 'db.c', 50)).toMatchObject({ ok: 0, code: 43 });
  });

  it('reads a result from its source a chunk at a time as batches go out, one chunk ahead, and closes once it ran dry', async () => {
    const cursors = new Cursors();
    let pulled = 0;
    const source = (async function* () {
      for (let c = 0; c < 5; c++) {
        pulled++;
        yield docs(100).map((d) => ({ _id: c * 100 + d._id }));
      }
    })();
    const first = await cursors.first('db.c', source, {});
    expect((first.cursor.firstBatch as unknown[]).length).toBe(101);
    // 101 documents out: the first chunk and the second (one ahead), not all five.
    expect(pulled).toBe(2);
    const id = first.cursor.id as Long;
    const rest = await cursors.more(id, 'db.c', undefined);
    expect((rest.cursor.nextBatch as EncodedBatch).decoded().map((d) => d._id)).toEqual(Array.from({ length: 399 }, (_, i) => i + 101));
    expect((rest.cursor.id as Long).toNumber()).toBe(0);
  });

  it("writes a reply with its batch as the documents' BSON: the same bytes BSON.serialize gives the decoded reply", async () => {
    const cursors = new Cursors();
    const source = [{ _id: 'a', n: 1, nested: { list: [1, 'two', null] } }, { _id: 'b', when: new Date(0) }, { _id: 'c' }];
    const reply = await cursors.first('db.c', source, { batchSize: 2 });
    const batch = reply.cursor.firstBatch as EncodedBatch;
    expect(batch.decoded()).toEqual(source.slice(0, 2));
    const decodedReply = { cursor: { firstBatch: batch.decoded(), id: reply.cursor.id, ns: 'db.c' }, ok: 1 };
    expect(Buffer.from(serializeReply(reply)).equals(Buffer.from(BSON.serialize(decodedReply)))).toBe(true);
    // A reply without a batch (an error, a handshake) is BSON.serialize's.
    const plain = { ok: 0, code: 43, codeName: 'CursorNotFound' };
    expect(Buffer.from(serializeReply(plain)).equals(Buffer.from(BSON.serialize(plain)))).toBe(true);
  });

  it('tells a batch listener each batch as BSON, and when the result has run dry', async () => {
    const cursors = new Cursors();
    const seen: { n: number; done: boolean }[] = [];
    const first = await cursors.first('db.c', docs(250), { batchSize: 100, onBatch: (b, done) => seen.push({ n: b.length, done }) });
    await cursors.more(first.cursor.id as Long, 'db.c', 100);
    await cursors.more(first.cursor.id as Long, 'db.c', 100);
    expect(seen).toEqual([
      { n: 100, done: false },
      { n: 100, done: false },
      { n: 50, done: true },
    ]);
  });
});
