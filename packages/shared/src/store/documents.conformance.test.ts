import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { documentStoresUnderTest } from '../testing/document-stores.ts';
import type { DocumentCollection, DocumentStore } from './documents.ts';
import { isDuplicateKeyError } from './documents.ts';

type Item = { _id: string; slug: string; category: string; price: number; tags: string[]; name: { en: string; de?: string }; hits?: number };

const items: Item[] = [
  { _id: 'a1', slug: 'react', category: 'frontend', price: 300, tags: ['js', 'ui'], name: { en: 'React developer', de: 'React-Entwickler' } },
  { _id: 'a2', slug: 'vue', category: 'frontend', price: 200, tags: ['js'], name: { en: 'Vue developer' } },
  { _id: 'a3', slug: 'go', category: 'backend', price: 400, tags: ['go'], name: { en: 'Go developer' } },
  { _id: 'a4', slug: 'node', category: 'backend', price: 250, tags: ['js', 'api'], name: { en: 'Node developer' } },
];

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`document store conformance on ${s.name}`, () => {
    let db: DocumentStore;
    let col: DocumentCollection<Item>;
    beforeEach(async () => {
      db = await s.open();
      col = db.collection<Item>('items');
      await col.createIndex({ slug: 1 }, { unique: true });
      await col.insertMany(items);
    });

    it('finds with equality, array membership, $in, $or and regex like MongoDB', async () => {
      expect((await col.find({ category: 'frontend' }).toArray()).map((d) => d._id).sort()).toEqual(['a1', 'a2']);
      expect((await col.find({ tags: 'js' }).toArray()).map((d) => d._id).sort()).toEqual(['a1', 'a2', 'a4']);
      expect((await col.find({ slug: { $in: ['go', 'vue'] } }).toArray()).map((d) => d._id).sort()).toEqual(['a2', 'a3']);
      const or = await col.find({ $or: [{ price: { $gte: 400 } }, { 'name.de': { $exists: true } }] }).toArray();
      expect(or.map((d) => d._id).sort()).toEqual(['a1', 'a3']);
      expect((await col.find({ 'name.en': { $regex: 'DEVELOPER', $options: 'i' }, price: { $lt: 250 } }).toArray()).map((d) => d._id)).toEqual(['a2']);
    });

    it('sorts, skips, limits and counts', async () => {
      const page = await col.find({}, { sort: { price: -1 }, skip: 1, limit: 2 }).toArray();
      expect(page.map((d) => d.slug)).toEqual(['react', 'node']);
      expect(await col.countDocuments({ tags: 'js' })).toBe(3);
      expect(await col.countDocuments()).toBe(4);
    });

    it('reads a find in batches of at most the size asked, in the order of the sort, with its projection', async () => {
      const more = Array.from({ length: 230 }, (_, i) => ({ ...(items[0] as Item), _id: `b${String(i).padStart(3, '0')}`, slug: `s${i}`, price: i }));
      await col.insertMany(more);
      const sizes: number[] = [];
      const read: Partial<Item>[] = [];
      for await (const batch of col.find({ price: { $lt: 200 } }, { sort: { price: 1 }, projection: { slug: 1, price: 1 } }).batches(50)) {
        sizes.push(batch.length);
        read.push(...batch);
      }
      expect(read.map((d) => d.price)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      expect(read[0]).toEqual({ _id: 'b000', slug: 's0', price: 0 });
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(200);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
      expect(sizes.length).toBeGreaterThanOrEqual(4);
    });

    it('reads nothing in batches when nothing matches, and stops early without error (the cursor closed: mongo-wire.test.ts)', async () => {
      const empty: Item[][] = [];
      for await (const batch of col.find({ category: 'none' }).batches(10)) empty.push(batch);
      expect(empty).toEqual([]);
      for await (const batch of col.find({}).batches(1)) {
        expect(batch).toHaveLength(1);
        break;
      }
      expect(await col.countDocuments({})).toBe(items.length);
    });

    it('refuses a batch size that is not a whole number from 1 (a size of 0 would never end)', async () => {
      for (const size of [0, -1, 1.5, Number.NaN]) {
        await expect(Array.fromAsync(col.find({}).batches(size))).rejects.toThrow(RangeError);
      }
    });

    it("refuses an update that would change a stored document's _id and keeps the document", async () => {
      await expect(col.updateOne({ _id: 'a1' }, { $set: { _id: 'z9' } as never })).rejects.toThrow(/immutable field '_id'/);
      await expect(col.updateOne({ _id: 'a2' }, { $set: { _id: 'z8', price: 1 } as never, $inc: { hits: 1 } })).rejects.toThrow(/immutable field '_id'/);
      expect(await col.findOne({ _id: 'a1' })).toEqual(items[0] as Item);
      expect(await col.findOne({ _id: 'a2' })).toEqual(items[1] as Item);
      expect(await col.findOne({ _id: 'z9' })).toBeNull();
    });

    it('projects included fields and always the _id unless excluded', async () => {
      const [doc] = await col.find({ slug: 'react' }, { projection: { slug: 1, 'name.en': 1 } }).toArray();
      expect(doc as unknown).toEqual({ _id: 'a1', slug: 'react', name: { en: 'React developer' } });
      const noId = await col.findOne({ slug: 'vue' }, { projection: { _id: 0, tags: 0, name: 0 } });
      expect(noId as unknown).toEqual({ slug: 'vue', category: 'frontend', price: 200 });
    });

    it('returns null from findOne when nothing matches', async () => {
      expect(await col.findOne({ slug: 'cobol' })).toBeNull();
    });

    it('rejects a duplicate on a unique index with code 11000 and keeps the stored document', async () => {
      const err = await col.insertOne({ ...items[0], _id: 'zz' } as Item).catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
      const dupId = await col.insertOne({ ...items[1], slug: 'other' } as Item).catch((e: unknown) => e);
      expect(isDuplicateKeyError(dupId)).toBe(true);
      expect(await col.countDocuments()).toBe(4);
      const clash = await col.updateOne({ _id: 'a2' }, { $set: { slug: 'react' } }).catch((e: unknown) => e);
      expect(isDuplicateKeyError(clash)).toBe(true);
      expect((await col.findOne({ _id: 'a2' }))?.slug).toBe('vue');
    });

    it('applies $set, $inc, $unset, $push and $pull and reports counts', async () => {
      const res = await col.updateOne({ slug: 'go' }, { $set: { 'name.de': 'Go-Entwickler' }, $inc: { hits: 2 }, $push: { tags: 'cloud' } });
      expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      await col.updateOne({ slug: 'go' }, { $inc: { hits: 1 }, $pull: { tags: 'go' } });
      const go = await col.findOne({ slug: 'go' });
      expect(go).toMatchObject({ hits: 3, tags: ['cloud'], name: { en: 'Go developer', de: 'Go-Entwickler' } });
      await col.updateOne({ slug: 'go' }, { $unset: { hits: '' } });
      expect((await col.findOne({ slug: 'go' }))?.hits).toBeUndefined();
      const many = await col.updateMany({ category: 'frontend' }, { $set: { price: 1 } });
      expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
      const none = await col.updateOne({ slug: 'nope' }, { $set: { price: 1 } });
      expect(none).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
    });

    it('leaves a field alone when an update gives it undefined (the driver leaves such fields out)', async () => {
      const res = await col.updateOne({ slug: 'go' }, { $set: { category: undefined, price: 7 } });
      expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      expect(await col.findOne({ slug: 'go' })).toMatchObject({ category: 'backend', price: 7 });
      expect(await col.updateOne({ slug: 'go' }, { $set: { category: undefined } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      expect((await col.findOne({ slug: 'go' }))?.category).toBe('backend');
    });

    it('upserts with the filter fields and $setOnInsert only on insert', async () => {
      const first = await col.updateOne(
        { _id: 'b1', slug: 'rust' },
        { $set: { price: 500 }, $setOnInsert: { category: 'backend', tags: [], name: { en: 'Rust developer' } } },
        { upsert: true },
      );
      expect(first).toMatchObject({ upsertedCount: 1, upsertedId: 'b1' });
      await col.updateOne({ _id: 'b1', slug: 'rust' }, { $set: { price: 600 }, $setOnInsert: { category: 'changed' } }, { upsert: true });
      expect(await col.findOne({ _id: 'b1' })).toMatchObject({ slug: 'rust', price: 600, category: 'backend' });
    });

    it('matches and leaves alone a stored document when a bulk of $setOnInsert upserts runs again', async () => {
      const again = await col.bulkWrite([{ updateOne: { filter: { _id: 'a1' }, update: { $setOnInsert: { price: 1 } }, upsert: true } }]);
      expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      expect(await col.findOne({ _id: 'a1' })).toEqual(items[0] as Item);
    });

    it('takes the _id of an upserted document from $setOnInsert', async () => {
      await col.updateOne({ slug: 'elixir' }, { $set: { price: 1 }, $setOnInsert: { _id: 'c1', tags: [] } }, { upsert: true });
      expect(await col.findOne({ slug: 'elixir' })).toMatchObject({ _id: 'c1', price: 1, tags: [] });
    });

    it('returns the document before or after from findOneAndUpdate', async () => {
      const before = await col.findOneAndUpdate({ slug: 'vue' }, { $inc: { price: 5 } });
      expect(before?.price).toBe(200);
      const after = await col.findOneAndUpdate({ slug: 'vue' }, { $inc: { price: 5 } }, { returnDocument: 'after' });
      expect(after?.price).toBe(210);
      expect(await col.findOneAndUpdate({ slug: 'nope' }, { $inc: { price: 5 } })).toBeNull();
    });

    it('replaces and deletes documents', async () => {
      await col.replaceOne({ _id: 'a4' }, { _id: 'a4', slug: 'deno', category: 'backend', price: 1, tags: [], name: { en: 'Deno' } });
      expect(await col.findOne({ _id: 'a4' })).toMatchObject({ slug: 'deno', price: 1 });
      expect((await col.deleteOne({ slug: 'deno' })).deletedCount).toBe(1);
      expect((await col.deleteMany({ category: 'frontend' })).deletedCount).toBe(2);
      expect(await col.countDocuments()).toBe(1);
    });

    it('never lets a caller change what is stored by mutating a result', async () => {
      const doc = await col.findOne({ slug: 'react' });
      // The driver hands out a copy; the embedded store a frozen document, where the push throws.
      try {
        doc?.tags.push('mutated');
      } catch {}
      expect((await col.findOne({ slug: 'react' }))?.tags).toEqual(['js', 'ui']);
    });

    it('refuses an update without operators', async () => {
      const err = await col.updateOne({ slug: 'go' }, { price: 1 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((await col.findOne({ slug: 'go' }))?.price).toBe(400);
    });
  });
}
