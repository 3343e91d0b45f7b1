import { describe, expect, it } from 'bun:test';
import type { DocumentCollection } from './documents.ts';
import { createEmbeddedDocumentStore } from './embedded-documents.ts';

type Item = { _id: string; tags: string[]; name: { en: string }; extra?: { list: number[] } };

const item = (): Item => ({ _id: 'a1', tags: ['js', 'ui'], name: { en: 'React' } });

describe('the embedded store freezing arrays (freezeArrays)', () => {
  it('freezes the arrays it hands out when asked, so a caller mutating one fails loudly', async () => {
    const col = createEmbeddedDocumentStore({ freezeArrays: true }).collection<Item>('items');
    await col.insertOne(item());
    const doc = await col.findOne({ _id: 'a1' });
    expect(Object.isFrozen(doc?.tags)).toBe(true);
    expect(() => doc?.tags.push('mutated')).toThrow(TypeError);
  });

  it('freezes arrays by default under bun test, where NODE_ENV is test', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const col = createEmbeddedDocumentStore().collection<Item>('items');
    await col.insertOne(item());
    expect(Object.isFrozen((await col.findOne({ _id: 'a1' }))?.tags)).toBe(true);
  });

  it('leaves arrays unfrozen when not asked, and still freezes every object', async () => {
    const col = createEmbeddedDocumentStore({ freezeArrays: false }).collection<Item>('items');
    await col.insertOne(item());
    const doc = await col.findOne({ _id: 'a1' });
    expect(Object.isFrozen(doc?.tags)).toBe(false);
    expect(Object.isFrozen(doc)).toBe(true);
    expect(Object.isFrozen(doc?.name)).toBe(true);
  });
});

for (const freezeArrays of [true, false]) {
  describe(`the embedded store's copy of what it is given (freezeArrays: ${freezeArrays})`, () => {
    const open = () => createEmbeddedDocumentStore({ freezeArrays }).collection<Item>('items');
    const stored = async (col: DocumentCollection<Item>, id: string) => structuredClone(await col.findOne({ _id: id }));

    it('keeps what was inserted when the caller later mutates the arrays and objects it passed', async () => {
      const col = open();
      const mine = item();
      // A frozen object may still hold a mutable array: it is copied too.
      const list = [1, 2];
      await col.insertMany([mine, { ...item(), _id: 'a2', extra: Object.freeze({ list }) }]);
      mine.tags.push('mutated');
      mine.name.en = 'changed';
      list.push(3);
      expect(await stored(col, 'a1')).toEqual(item());
      expect(await stored(col, 'a2')).toEqual({ ...item(), _id: 'a2', extra: { list: [1, 2] } });
    });

    it('keeps what an update, an upsert, a replacement and a bulk write set when the caller later mutates it', async () => {
      const col = open();
      await col.insertOne(item());
      const tags = ['go'];
      const upserted = ['vue'];
      const replacement = { ...item(), _id: 'a3', tags: ['node'] };
      const bulk = ['deno'];
      await col.updateOne({ _id: 'a1' }, { $set: { tags } });
      await col.updateOne({ _id: 'a2' }, { $set: { tags: upserted, name: { en: 'Vue' } } }, { upsert: true });
      await col.replaceOne({ _id: 'a3' }, replacement, { upsert: true });
      await col.bulkWrite([{ updateOne: { filter: { _id: 'a4' }, update: { $setOnInsert: { tags: bulk, name: { en: 'Deno' } } }, upsert: true } }]);
      for (const mutated of [tags, upserted, replacement.tags, bulk]) mutated.push('mutated');
      expect((await stored(col, 'a1'))?.tags).toEqual(['go']);
      expect((await stored(col, 'a2'))?.tags).toEqual(['vue']);
      expect((await stored(col, 'a3'))?.tags).toEqual(['node']);
      expect((await stored(col, 'a4'))?.tags).toEqual(['deno']);
    });
  });
}
