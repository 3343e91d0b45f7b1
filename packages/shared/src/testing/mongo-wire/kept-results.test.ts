import { afterAll, describe, expect, it } from 'bun:test';
import { BSON } from 'mongodb';
import { KeptResults } from './kept-results.ts';
import { openStandInDatabase, startMongoWireStandIn } from './server.ts';

const bson = (docs: object[]) => docs.map((d) => BSON.serialize(d));

describe("the stand-in's kept results", () => {
  it('keeps a result read to its end, forgets it on a write to its collection, and never keeps one a write ran across', () => {
    const kept = new KeptResults(1_000_000);
    const key = kept.keyOf('db.c', { filter: { active: true }, sort: { rank: 1 } });
    const collect = kept.collector('db.c', key);
    collect(bson([{ _id: 'a' }]), false);
    expect(kept.get(key)).toBeUndefined();
    collect(bson([{ _id: 'b' }]), true);
    expect(kept.get(key)?.map((d) => BSON.deserialize(d)._id)).toEqual(['a', 'b']);
    // Another collection's write leaves it; its own forgets it.
    kept.written('db.other');
    expect(kept.get(key)).toBeDefined();
    kept.written('db.c');
    expect(kept.get(key)).toBeUndefined();
    // A write while the result was being read: not kept.
    const during = kept.collector('db.c', key);
    during(bson([{ _id: 'a' }]), false);
    kept.written('db.c');
    during(bson([{ _id: 'b' }]), true);
    expect(kept.get(key)).toBeUndefined();
  });

  it('tells finds apart by filter, sort, projection, skip and limit', () => {
    const kept = new KeptResults(1_000_000);
    const base = { filter: { active: true }, sort: { rank: 1 }, projection: { slug: 1 } };
    const keys = new Set(
      [
        base,
        { ...base, filter: { active: false } },
        { ...base, sort: { rank: -1 } },
        { ...base, projection: { name: 1 } },
        { ...base, skip: 5 },
        { ...base, limit: 5 },
      ].map((f) => kept.keyOf('db.c', f)),
    );
    expect(keys.size).toBe(6);
    expect(kept.keyOf('db.c', base)).toBe(kept.keyOf('db.c', { ...base }));
    expect(kept.keyOf('db.c', base)).not.toBe(kept.keyOf('db.d', base));
  });

  it('keeps at most its byte budget, dropping the oldest result first', () => {
    const one = bson([{ _id: 'x', pad: 'p'.repeat(400) }]);
    const size = (one[0] as Uint8Array).byteLength;
    const kept = new KeptResults(2 * size);
    const keys = ['a', 'b', 'c'].map((k) => kept.keyOf('db.c', { filter: { k } }));
    for (const k of keys) kept.collector('db.c', k)(one, true);
    expect(keys.map((k) => kept.get(k) !== undefined)).toEqual([false, true, true]);
    expect(kept.keptBytes).toBe(2 * size);
    // A result larger than the whole budget is never kept.
    const big = kept.keyOf('db.c', { filter: { big: true } });
    kept.collector('db.c', big)([...one, ...one, ...one], true);
    expect(kept.get(big)).toBeUndefined();
  });
});

describe('a stand-in keeping results, through the driver', () => {
  const standIn = startMongoWireStandIn({ keepResultsBytes: 64 * 2 ** 20 });
  const db = openStandInDatabase(standIn, 'kept');
  afterAll(async () => {
    await db.close();
    await standIn.stop();
  });

  it('answers a repeated find as the store would, after every kind of write, in batches', async () => {
    const c = db.raw.collection<{ _id: string; rank: number; active: boolean; note?: string }>('services');
    await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: `s${String(i).padStart(3, '0')}`, rank: i, active: i % 5 !== 0 })));
    const read = async () =>
      (await c.find({ active: true }, { sort: { rank: 1 }, projection: { rank: 1, note: 1 }, batchSize: 60 }).toArray()).map((d) => `${d._id}:${d.note ?? ''}`);
    const first = await read();
    expect(first).toHaveLength(200);
    // The same find again (now from the kept bytes): the same result.
    expect(await read()).toEqual(first);
    await c.updateOne({ _id: 's001' }, { $set: { note: 'changed' } });
    expect((await read())[0]).toBe('s001:changed');
    expect(await read()).toContain('s001:changed');
    await c.deleteOne({ _id: 's001' });
    expect(await read()).not.toContain('s001:changed');
    await c.insertOne({ _id: 's999', rank: 999, active: true });
    expect((await read()).at(-1)).toBe('s999:');
    await c.findOneAndUpdate({ _id: 's999' }, { $set: { active: false } });
    expect(await read()).toHaveLength(199);
    // A narrower find is its own result, not a slice of the kept one.
    expect(await c.countDocuments({ active: true })).toBe(199);
    expect((await c.find({ active: true }, { sort: { rank: -1 }, limit: 2, projection: { rank: 1 } }).toArray()).map((d) => d._id)).toEqual(['s249', 's248']);
  });
});
