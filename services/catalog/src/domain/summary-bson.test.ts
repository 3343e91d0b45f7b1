/**
 * The snapshot built from the documents' BSON (MongoDB's read: summary-bson.ts, the words looked
 * up as bytes) is the snapshot built from the driver's decoded documents: every service, page,
 * search, whole list and index line the same, over the real driver and the wire-level stand-in,
 * with documents the reader hands back to the driver's decoding (a Date, an ObjectId _id, no
 * stored words, null copies) among them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { CATEGORIES, LANGUAGES, MARKET_CODES } from '@tm/contracts';
import type { StreamedAnswer, TokenIndex } from '@tm/shared/search';
import { decodeBson, encodeBson } from '@tm/shared/store/mongo';
import { ObjectId, openStandInDatabase, startMongoWireStandIn } from '@tm/shared/testing';
import { seedDocuments } from '../../seed/index.ts';
import type { ServiceDoc, ServiceSummary } from './model.ts';
import { createServiceRepository } from './repository.ts';
import { CatalogSnapshot, toIndexLine } from './snapshot.ts';
import { SummaryBson } from './summary-bson.ts';
import { SummaryColumns } from './summary-columns.ts';

const standIn = startMongoWireStandIn({ record: false });
const db = openStandInDatabase(standIn, 'catalog_bson');
const repo = createServiceRepository(db.store);

beforeAll(async () => {
  await repo.upsertAll(seedDocuments());
  const services = db.raw.collection<Record<string, unknown>>('services');
  const template = (await services.findOne({ slug: 'react-developer' })) as Record<string, unknown>;
  const { _id, ...fields } = template;
  await services.insertMany([
    // Hand-inserted: an ObjectId id, no stored words (cut from the copy), a fractional price.
    { ...fields, _id: new ObjectId(), slug: 'hand-made', rank: 3, defaultHours: 7.5 },
    // A Date where the services write text: decoded by the driver instead.
    { ...fields, _id: 'svc-dated', slug: 'dated', updatedAt: new Date('2026-01-02T03:04:05Z') },
  ] as Record<string, unknown>[]);
  await services.updateOne(
    { slug: 'vue-developer' },
    { $set: { 'i18n.hi': null, 'i18n.de.summary': null, 'searchWords.de': null, markets: ['DE', 'XX', 'IN', 'toString'] } },
  );
  await services.updateOne({ slug: 'hand-made' }, { $unset: { searchWords: '' }, $set: { 'prices.IN.hourlyRate': 1.5, kind: 'project' } });
  await services.updateOne(
    { slug: 'react-developer' },
    { $set: { 'i18n.de.name': 'Größe Übersetzung — عربى हिंदी 🙂', 'searchWords.de': ['große', 'übersetzung', 'عربى'] } },
  );
});
afterAll(async () => {
  await db.close();
  await standIn.stop();
});

const budget = 64 * 2 ** 20;
const text = (a: StreamedAnswer) => [...a.chunks()].join('');

describe('a snapshot built from BSON', () => {
  it('reads most documents itself, and hands back those it does not read as the decoding would', async () => {
    const raw = (await Array.fromAsync(repo.activeSummaries({ bson: true }))).flat();
    expect(raw.length).toBeGreaterThan(10);
    const reader = new SummaryBson();
    const read = raw.map((d) => reader.read(d as Uint8Array));
    expect(read.filter((ok) => !ok)).toHaveLength(1);
    const dated = raw[read.indexOf(false)] as Uint8Array;
    expect(decodeBson(dated).slug).toBe('dated');
  });

  it('is the snapshot built from the decoded documents', async () => {
    const marker = await repo.changeMarker();
    const decoded = await CatalogSnapshot.build(marker, repo.activeSummaries(), budget);
    const fromBson = await CatalogSnapshot.build(marker, repo.activeSummaries({ bson: true }), budget);
    expect(fromBson.size).toBe(decoded.size);
    const all = (await Array.fromAsync(repo.activeSummaries())).flat();
    for (const d of all) {
      expect(fromBson.find(String(d._id))).toEqual(decoded.find(String(d._id)) as never);
      expect(fromBson.find(d.slug)).toEqual(decoded.find(d.slug) as never);
    }
    expect(fromBson.find('hand-made')?.prices.IN?.hourlyRate).toBe(1.5);
    expect(fromBson.find('hand-made')?.kind).toBe('project');
    const searches = [undefined, 'react', 'dev', 'große', 'übersetz', 'عربى', 'reakt developer', 'zzz'];
    for (const market of MARKET_CODES) {
      for (const lang of LANGUAGES) {
        expect((await fromBson.catalog(market, lang)).load().body).toEqual((await decoded.catalog(market, lang)).load().body);
        for (const category of [undefined, ...CATEGORIES.slice(0, 3)]) {
          for (const search of searches) {
            const query = { market, lang, category, search };
            expect(fromBson.page(query, 0, 500)).toEqual(decoded.page(query, 0, 500));
          }
        }
      }
    }
    expect(text(await fromBson.serviceIndex())).toBe(text(await decoded.serviceIndex()));
    expect(text(await fromBson.serviceIndexLines())).toBe(text(await decoded.serviceIndexLines()));
    expect((await fromBson.serviceIndexLines()).etag).toBe((await decoded.serviceIndexLines()).etag);
    const words = (s: CatalogSnapshot) => (s as unknown as { words: Record<string, TokenIndex> }).words;
    for (const l of LANGUAGES) {
      expect(words(fromBson)[l]?.size).toBe(words(decoded)[l]?.size as number);
      expect(words(fromBson)[l]?.completions('', 100_000)).toEqual(words(decoded)[l]?.completions('', 100_000) as never);
    }
  });

  it('writes each index line from the columns as JSON.stringify writes the line object, values of other types included', async () => {
    const marker = await repo.changeMarker();
    const snapshot = await CatalogSnapshot.build(marker, repo.activeSummaries({ bson: true }), budget);
    const columns = (snapshot as unknown as { services: SummaryColumns }).services;
    const longWay: string[] = [];
    for (let o = 0; o < columns.length; o++) {
      const line = columns.indexLine(o);
      if (line === undefined) longWay.push(columns.summary(o).slug);
      else expect(line).toBe(JSON.stringify(toIndexLine(columns.summary(o))));
    }
    expect(longWay).toEqual(['dated']); // its updatedAt a Date
    // A document written by hand with a number where a string belongs: the long way, the same text.
    const odd = new SummaryColumns();
    const template = snapshot.find('react-developer') as ServiceSummary;
    odd.push({ ...template, updatedAt: 17 as unknown as string, prices: { IN: { currency: 'INR', hourlyRate: '9' as unknown as number } }, markets: ['IN'] });
    expect(odd.indexLine(0)).toBeUndefined();
    const plain = new SummaryColumns();
    plain.push({ ...template, prices: { IN: { currency: 'INR', hourlyRate: '9' as unknown as number } }, markets: ['IN', 'DE'] });
    expect(plain.indexLine(0)).toBe(JSON.stringify(toIndexLine(plain.summary(0))));
  });

  it('fails on a string that is not UTF-8, as the driver does', () => {
    const doc = seedDocuments()[0] as ServiceDoc;
    const bytes = encodeBson({ ...doc, slug: 'XXXX' });
    const at = Buffer.from(bytes).indexOf('XXXX');
    bytes[at] = 0xff;
    expect(() => decodeBson(bytes)).toThrow();
    expect(() => new SummaryBson().read(bytes)).toThrow();
  });
});
