import { describe, expect, it, spyOn } from 'bun:test';
import { LANGUAGES, MARKET_CODES } from '@tm/contracts';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { seedDocuments } from '../../seed/index.ts';
import type { ServiceDoc, ServiceSummary } from './model.ts';
import { createServiceRepository } from './repository.ts';
import { CatalogSnapshot } from './snapshot.ts';

async function loaded(edit?: (docs: ReturnType<typeof createEmbeddedDocumentStore>) => Promise<unknown>) {
  const store = createEmbeddedDocumentStore();
  const repo = createServiceRepository(store);
  await repo.upsertAll(seedDocuments());
  await edit?.(store);
  return { marker: await repo.changeMarker(), summaries: (await Array.fromAsync(repo.activeSummaries())).flat() };
}

const bodyOf = async (answer: Promise<{ load(): { body: Uint8Array } }>) => (await answer).load().body;

describe('CatalogSnapshot', () => {
  it('keeps the /services/catalog bodies within its byte budget: a dropped one is built again, with the same bytes', async () => {
    const { marker, summaries } = await loaded();
    const roomy = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const de = await bodyOf(roomy.catalog('DE', 'de'));
    await bodyOf(roomy.catalog('IN', 'en'));
    expect(await bodyOf(roomy.catalog('DE', 'de'))).toBe(de); // kept: the same bytes object

    const tight = await CatalogSnapshot.build(marker, [summaries], de.byteLength);
    const first = await bodyOf(tight.catalog('DE', 'de'));
    await bodyOf(tight.catalog('IN', 'en')); // over the budget: DE's body goes
    const again = await bodyOf(tight.catalog('DE', 'de'));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect((await tight.catalog('DE', 'de')).etag).toBe((await roomy.catalog('DE', 'de')).etag);
  });

  it('builds a /services/catalog body in slices to the bytes of one JSON.stringify, concurrent first requests sharing one build', async () => {
    const { marker, summaries } = await loaded();
    const snapshot = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const [a, b] = await Promise.all([snapshot.catalog('US', 'hi'), snapshot.catalog('US', 'hi')]);
    expect(a.load()).toBe(b.load());
    const entries = (JSON.parse(new TextDecoder().decode(a.load().body)) as { data: unknown[] }).data;
    expect(entries.length).toBeGreaterThan(0);
    expect(new TextDecoder().decode(a.load().body)).toBe(JSON.stringify({ success: true, data: entries }));
  });

  it('reads the English copy for a language whose name or summary is missing or null', async () => {
    const { marker, summaries } = await loaded((store) =>
      store.collection<ServiceDoc>('services').updateOne({ slug: 'react-developer' }, { $set: { 'i18n.hi.name': null, 'i18n.de.summary': null } }),
    );
    const snapshot = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const entry = async (lang: 'hi' | 'de' | 'en') =>
      (
        JSON.parse(new TextDecoder().decode(await bodyOf(snapshot.catalog('DE', lang)))) as { data: { slug: string; name: string; summary: string }[] }
      ).data.find((e) => e.slug === 'react-developer');
    const english = await entry('en');
    expect((await entry('hi'))?.name).toBe(english?.name as string);
    expect((await entry('de'))?.summary).toBe(english?.summary as string);
    expect((await entry('de'))?.name).not.toBeNull();
  });

  it('builds the same snapshot from batches as from one list, words from stored search words or cut from the copy', async () => {
    const { marker, summaries } = await loaded();
    const whole = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const inBatches: ServiceSummary[][] = [];
    for (let i = 0; i < summaries.length; i += 4) inBatches.push(summaries.slice(i, i + 4));
    // Every other batch without its stored words, as a document written by hand would be.
    const mixed = inBatches.map((b, k) => (k % 2 ? b.map(({ searchWords: _, ...rest }: ServiceSummary & { searchWords?: unknown }) => rest) : b));
    const batched = await CatalogSnapshot.build(
      marker,
      (async function* () {
        yield* mixed;
      })(),
      64 * 2 ** 20,
    );
    const queries = [
      { market: 'DE', lang: 'de' },
      { market: 'IN', lang: 'en', search: 'developer' },
      { market: 'US', lang: 'en', category: 'backend' },
      { market: 'AE', lang: 'ar', search: 'react' },
      { market: 'DE', lang: 'de', search: 'entw' },
    ] as const;
    expect(inBatches.length).toBeGreaterThan(2);
    for (const q of queries) expect(batched.page(q, 0, 100)).toEqual(whole.page(q, 0, 100));
    expect(batched.page(queries[1], 0, 100).total).toBeGreaterThan(0);
    expect((await batched.catalog('DE', 'de')).etag).toBe((await whole.catalog('DE', 'de')).etag);
  });

  it('keeps, in a rebuild, the strings of every service whose texts did not change (one copy of the text while both snapshots live), and reads a changed one anew', async () => {
    const { marker, summaries } = await loaded();
    const old = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const edited = await loaded((store) =>
      store
        .collection<ServiceDoc>('services')
        .updateOne({ slug: 'vue-developer' }, { $set: { 'i18n.de.name': 'Vue-Entwicklerin', updatedAt: '2026-12-01T00:00:00.000Z' } }),
    );
    const rebuilt = await CatalogSnapshot.build(edited.marker, [edited.summaries], 64 * 2 ** 20, old);
    const react = old.same(old.find('react-developer')?._id as string);
    const vue = old.same(old.find('vue-developer')?._id as string);
    expect(rebuilt.same(react?.id as string)?.texts).toBe(react?.texts as readonly string[]);
    expect(rebuilt.same(vue?.id as string)?.texts).not.toBe(vue?.texts as readonly string[]);
    expect(rebuilt.find('vue-developer')?.i18n.de.name).toBe('Vue-Entwicklerin');
    // Without the old snapshot, nothing is shared.
    const alone = await CatalogSnapshot.build(edited.marker, [edited.summaries], 64 * 2 ** 20);
    expect(alone.same(react?.id as string)?.texts).not.toBe(react?.texts as readonly string[]);
    expect(alone.same(react?.id as string)?.texts).toEqual(react?.texts as readonly string[]);
  });

  it('answers after a rebuild over the old snapshot exactly as a fresh build does (lists, search in every language, bodies, index ETags)', async () => {
    const { marker, summaries } = await loaded();
    const old = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    const edited = await loaded(async (store) => {
      const services = store.collection<ServiceDoc>('services');
      await services.updateOne({ slug: 'vue-developer' }, { $set: { 'i18n.de.name': 'Vue-Entwicklerin Zusatzwort', updatedAt: '2026-12-01T00:00:00.000Z' } });
      await services.updateOne({ slug: 'react-developer' }, { $set: { active: false, updatedAt: '2026-12-01T00:00:01.000Z' } });
    });
    const rebuilt = await CatalogSnapshot.build(edited.marker, [edited.summaries], 64 * 2 ** 20, old);
    const fresh = await CatalogSnapshot.build(edited.marker, [edited.summaries], 64 * 2 ** 20);
    expect(rebuilt.size).toBe(fresh.size);
    const words = new Set(edited.summaries.flatMap((d) => Object.values(d.i18n).flatMap((c) => `${c?.name ?? ''} ${c?.summary ?? ''}`.split(/\s+/))));
    const searches = [undefined, 'react', 'entw', ...[...words].slice(0, 40)];
    for (const m of MARKET_CODES) {
      for (const lang of LANGUAGES) {
        for (const search of searches) expect(rebuilt.page({ market: m, lang, search }, 0, 1_000)).toEqual(fresh.page({ market: m, lang, search }, 0, 1_000));
        expect((await rebuilt.catalog(m, lang)).etag).toBe((await fresh.catalog(m, lang)).etag);
      }
    }
    expect(rebuilt.find('vue-developer')?.i18n.de.name).toBe('Vue-Entwicklerin Zusatzwort');
    expect(rebuilt.find('react-developer')).toBeUndefined();
    expect((await rebuilt.serviceIndexLines()).etag).toBe((await fresh.serviceIndexLines()).etag);
    expect((await rebuilt.serviceIndex()).etag).toBe((await fresh.serviceIndex()).etag);
  });

  it('shares one ETag pass among concurrent first requests for an index', async () => {
    const { marker, summaries } = await loaded();
    const snapshot = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    // The pending pass is kept: a second request before it ends gets the same promise, not a second pass.
    const pending = snapshot.serviceIndexLines();
    expect(snapshot.serviceIndexLines()).toBe(pending);
    const [a, b] = await Promise.all([pending, snapshot.serviceIndexLines()]);
    expect(b).toBe(a);
    expect(await snapshot.serviceIndex()).not.toBe(a);
  });

  it('does not keep a failed index pass: the next request runs it again', async () => {
    const { marker, summaries } = await loaded();
    const snapshot = await CatalogSnapshot.build(marker, [summaries], 64 * 2 ** 20);
    // The pass renders each line with JSON.stringify: the first line it renders fails this time.
    const stringify = spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    await expect(snapshot.serviceIndexLines()).rejects.toThrow('boom');
    stringify.mockRestore();
    expect((await snapshot.serviceIndexLines()).etag).toMatch(/^"/);
  });
});
