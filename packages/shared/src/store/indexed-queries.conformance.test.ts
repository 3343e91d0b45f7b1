import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { documentStoresUnderTest } from '../testing/document-stores.ts';
import type { DocumentCollection } from './documents.ts';
import { isDuplicateKeyError } from './documents.ts';

type Row = { _id: string; rank?: number | null; slug: string; group: string; tags: string[]; email?: string | null; active: boolean };

/** Rows whose order needs every tie-breaker: equal ranks, a null rank and a missing one. */
function rows(): Row[] {
  return [
    { _id: 'r1', rank: 2, slug: 'delta', group: 'a', tags: ['x'], active: true },
    { _id: 'r2', rank: 1, slug: 'charlie', group: 'b', tags: ['x', 'y'], active: true },
    { _id: 'r3', rank: 2, slug: 'alpha', group: 'a', tags: [], active: false },
    { _id: 'r4', rank: null, slug: 'bravo', group: 'b', tags: ['y'], active: true },
    { _id: 'r5', slug: 'echo', group: 'a', tags: ['z'], active: true },
  ];
}

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`indexed queries agree with MongoDB on ${s.name}`, () => {
    let col: DocumentCollection<Row>;
    beforeEach(async () => {
      col = (await s.open()).collection<Row>('rows');
      await col.createIndex({ rank: 1, slug: 1 }, { name: 'display_order' });
      await col.createIndex({ group: 1, active: 1, slug: 1 }, { name: 'group_active_slug' });
      await col.createIndex({ tags: 1 }, { name: 'tags' });
      await col.createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
      await col.insertMany(rows());
    });

    it('sorts null and missing first ascending and last descending, ties broken by the next key', async () => {
      const up = await col.find({}, { sort: { rank: 1, slug: 1 } }).toArray();
      expect(up.map((d) => d.slug)).toEqual(['bravo', 'echo', 'charlie', 'alpha', 'delta']);
      const down = await col.find({}, { sort: { rank: -1, slug: -1 } }).toArray();
      expect(down.map((d) => d.slug)).toEqual(['delta', 'alpha', 'charlie', 'echo', 'bravo']);
    });

    it('pages through an index walk exactly as a full sort would, for every skip and limit', async () => {
      const all = (await col.find({ active: true }, { sort: { rank: 1, slug: 1 } }).toArray()).map((d) => d._id);
      for (let skip = 0; skip <= all.length; skip++) {
        for (const limit of [1, 2, 3]) {
          const page = await col.find({ active: true }, { sort: { rank: 1, slug: 1 }, skip, limit }).toArray();
          expect(page.map((d) => d._id)).toEqual(all.slice(skip, skip + limit));
        }
      }
    });

    it('keeps the index order right after updates, inserts and deletes', async () => {
      await col.updateOne({ slug: 'echo' }, { $set: { rank: 3 } });
      await col.insertOne({ _id: 'r6', rank: 1, slug: 'able', group: 'a', tags: [], active: true });
      await col.deleteOne({ slug: 'charlie' });
      const order = await col.find({}, { sort: { rank: 1, slug: 1 } }).toArray();
      expect(order.map((d) => d.slug)).toEqual(['bravo', 'able', 'alpha', 'delta', 'echo']);
      const first = await col.findOne({ group: 'a', active: true }, { sort: { slug: 1 } });
      expect(first?.slug).toBe('able');
    });

    it('matches an element of an array field and a pinned compound prefix', async () => {
      expect((await col.find({ tags: 'y' }, { sort: { slug: 1 } }).toArray()).map((d) => d._id)).toEqual(['r4', 'r2']);
      expect((await col.find({ group: 'a', active: true }, { sort: { slug: 1 } }).toArray()).map((d) => d._id)).toEqual(['r1', 'r5']);
      expect(await col.countDocuments({ group: 'b', active: true })).toBe(2);
    });

    it('counts and finds an indexed value as it goes from one document to two and back to none', async () => {
      const found = async (filter: Partial<Row>) => (await col.find(filter, { sort: { slug: 1 } }).toArray()).map((d) => d._id);
      // An array holding the value twice counts its document once.
      await col.insertOne({ _id: 'g1', slug: 'g-one', group: 'solo', tags: ['q', 'q'], active: true });
      expect([await col.countDocuments({ group: 'solo' }), await col.countDocuments({ tags: 'q' })]).toEqual([1, 1]);
      await col.insertOne({ _id: 'g2', slug: 'g-two', group: 'solo', tags: ['q'], active: true });
      expect([await col.countDocuments({ group: 'solo' }), await col.countDocuments({ tags: 'q' })]).toEqual([2, 2]);
      expect(await found({ group: 'solo' })).toEqual(['g1', 'g2']);
      await col.updateOne({ _id: 'g1' }, { $set: { group: 'other', tags: [] } });
      expect([await col.countDocuments({ group: 'solo' }), await col.countDocuments({ tags: 'q' })]).toEqual([1, 1]);
      expect(await found({ group: 'solo' })).toEqual(['g2']);
      await col.deleteOne({ _id: 'g2' });
      expect([await col.countDocuments({ group: 'solo' }), await col.countDocuments({ tags: 'q' })]).toEqual([0, 0]);
      expect(await found({ group: 'solo' })).toEqual([]);
      expect(await found({ group: 'other' })).toEqual(['g1']);
    });

    it('tells apart indexed values a hash could confuse: 1 and "1", a date and a string spelling it', async () => {
      const odd = (v: unknown) => v as string;
      await col.insertMany([
        { _id: 'k1', slug: '1', group: 'k', tags: ['1', '\u0001t0'], active: true },
        { _id: 'k2', slug: '\u0001t0', group: 'k', tags: [odd(1), odd(new Date(0))], active: true },
      ]);
      expect(await col.countDocuments({ tags: '1' })).toBe(1);
      expect(await col.countDocuments({ tags: odd(1) })).toBe(1);
      expect(await col.countDocuments({ tags: '\u0001t0' })).toBe(1);
      expect((await col.find({ tags: odd(new Date(0)) }).toArray()).map((d) => d._id)).toEqual(['k2']);
      expect((await col.findOne({ slug: '\u0001t0' }))?._id).toBe('k2');
      expect(await col.findOne({ slug: odd(1) })).toBeNull();
    });

    it('finds by _id, $in and an $or of unique keys', async () => {
      expect((await col.find({ _id: { $in: ['r5', 'nope', 'r1'] } }, { sort: { slug: 1 } }).toArray()).map((d) => d._id)).toEqual(['r1', 'r5']);
      expect((await col.findOne({ active: true, $or: [{ _id: 'charlie' }, { slug: 'charlie' }] }))?._id).toBe('r2');
      expect(await col.findOne({ active: true, $or: [{ _id: 'r3' }, { slug: 'r3' }] })).toBeNull();
    });

    it('matches null against a stored null and a missing field alike', async () => {
      expect((await col.find({ rank: null }, { sort: { slug: 1 } }).toArray()).map((d) => d._id)).toEqual(['r4', 'r5']);
      expect(await col.countDocuments({ rank: { $exists: false } })).toBe(1);
    });

    it('leaves out a field set to undefined, as the driver (ignoreUndefined) sends it', async () => {
      await col.insertOne({ _id: 'u1', slug: 'undef', group: 'c', tags: [], active: true, email: undefined });
      const stored = await col.findOne({ _id: 'u1' });
      expect('email' in (stored as object)).toBe(false);
      expect(await col.countDocuments({ email: { $exists: true } })).toBe(0);
    });

    it('skips undefined values in a sparse unique index (they are missing), so two of them coexist', async () => {
      await col.createIndex({ email: 1 }, { unique: true, sparse: true, name: 'email_sparse' });
      await col.insertOne({ _id: 'u1', slug: 'one', group: 'c', tags: [], active: true, email: undefined });
      await col.insertOne({ _id: 'u2', slug: 'two', group: 'c', tags: [], active: true, email: undefined });
      const err = await col
        .insertOne({ _id: 'u3', slug: 'three', group: 'c', tags: [], active: true, email: null })
        .then(() => col.insertOne({ _id: 'u4', slug: 'four', group: 'c', tags: [], active: true, email: null }))
        .catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
      expect(await col.countDocuments({ group: 'c' })).toBe(3);
    });

    it('stops updateMany at a unique violation, keeping the documents updated before it (not atomic, as on MongoDB)', async () => {
      const err = await col.updateMany({ group: 'b' }, { $set: { slug: 'same' } }).catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
      // Which of the two went first is the server's plan; exactly one took the key, the other is as it was.
      const slugs = (await col.find({ group: 'b' }, { sort: { slug: 1 } }).toArray()).map((d) => d.slug);
      expect([
        ['bravo', 'same'],
        ['charlie', 'same'],
      ]).toContainEqual(slugs);
    });

    it('stops an ordered insertMany at a duplicate key, keeping the documents inserted before it', async () => {
      const doc = (id: string, slug: string) => ({ _id: id, slug, group: 'd', tags: [], active: true });
      const err = await col.insertMany([doc('d1', 'golf'), doc('d2', 'alpha'), doc('d3', 'hotel')]).catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
      expect((await col.find({ group: 'd' }).toArray()).map((d) => d._id)).toEqual(['d1']);
    });

    it('lets two documents swap unique keys only through a free one', async () => {
      await col.updateOne({ _id: 'r1' }, { $set: { slug: 'tmp' } });
      await col.updateOne({ _id: 'r3' }, { $set: { slug: 'delta' } });
      await col.updateOne({ _id: 'r1' }, { $set: { slug: 'alpha' } });
      expect((await col.findOne({ slug: 'alpha' }))?._id).toBe('r1');
      expect((await col.findOne({ slug: 'delta' }))?._id).toBe('r3');
    });

    it('applies a bulkWrite and reports the driver counts; unordered runs past a duplicate', async () => {
      const r = await col.bulkWrite([
        { updateOne: { filter: { _id: 'r1' }, update: { $set: { rank: 9 } } } },
        { updateOne: { filter: { _id: 'n1' }, update: { $set: { slug: 'new', group: 'd', tags: [], active: true } }, upsert: true } },
        { insertOne: { document: { _id: 'n2', slug: 'newer', group: 'd', tags: [], active: true } } },
        { deleteOne: { filter: { _id: 'r5' } } },
      ]);
      expect(r).toMatchObject({ insertedCount: 1, matchedCount: 1, modifiedCount: 1, deletedCount: 1, upsertedCount: 1 });
      const err = await col
        .bulkWrite(
          [
            { insertOne: { document: { _id: 'n3', slug: 'newer', group: 'd', tags: [], active: true } } },
            { insertOne: { document: { _id: 'n4', slug: 'newest', group: 'd', tags: [], active: true } } },
          ],
          { ordered: false },
        )
        .catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
      expect((await col.find({ group: 'd' }, { sort: { slug: 1 } }).toArray()).map((d) => d._id)).toEqual(['n1', 'n2', 'n4']);
    });
  });
}
