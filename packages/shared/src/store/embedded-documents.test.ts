import { describe, expect, it } from 'bun:test';
import type { DocumentCollection } from './documents.ts';
import { createEmbeddedDocumentStore } from './embedded-documents.ts';

type Item = { _id: string; tags: string[]; name: { en: string }; extra?: { list: number[] } };

const item = (): Item => ({ _id: 'a1', tags: ['js', 'ui'], name: { en: 'React' } });

describe('the embedded store hands out copies, as the driver does', () => {
  it('gives every reader its own copy: changing what was read changes nothing stored, nor the next reader', async () => {
    const col = createEmbeddedDocumentStore().collection<Item>('items');
    await col.insertOne(item());
    const first = await col.findOne({ _id: 'a1' });
    first?.tags.push('mutated');
    if (first) first.name.en = 'changed';
    const [again] = await col.find({ tags: 'js' }).toArray();
    expect(again).toEqual(item());
    expect(again).not.toBe(first);
  });
});

describe("the embedded store's copy of what it is given", () => {
  const open = () => createEmbeddedDocumentStore().collection<Item>('items');
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
