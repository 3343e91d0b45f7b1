import { afterAll, describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { seedDocuments } from '../../seed/index.ts';
import type { ServiceDoc } from './model.ts';
import { createServiceRepository, escapeRegex } from './repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

async function seeded(open: () => Promise<import('@tm/shared/store').DocumentStore>) {
  const store = await open();
  const repo = createServiceRepository(store);
  await repo.ensureIndexes();
  await repo.upsertAll(seedDocuments());
  return { store, repo };
}

for (const s of stores) {
  describe(`service repository on ${s.name}`, () => {
    it('finds an active service by id and by slug', async () => {
      const { repo } = await seeded(s.open);
      const bySlug = await repo.findActiveByIdOrSlug('react-developer');
      expect(bySlug?._id).toBe(stableId('service', 'react-developer'));
      const byId = await repo.findActiveByIdOrSlug(stableId('service', 'mvp-build'));
      expect(byId?.slug).toBe('mvp-build');
      expect(await repo.findActiveByIdOrSlug('no-such-service')).toBeNull();
    });

    it('hides inactive services from lookups and lists', async () => {
      const { store, repo } = await seeded(s.open);
      await store.collection<ServiceDoc>('services').updateOne({ slug: 'vue-developer' }, { $set: { active: false } });
      expect(await repo.findActiveByIdOrSlug('vue-developer')).toBeNull();
      expect((await Array.fromAsync(repo.activeSummaries())).flat().map((d) => d.slug)).not.toContain('vue-developer');
      const { items } = await repo.listPage({ market: 'IN', lang: 'en', category: 'frontend' }, { skip: 0, limit: 100 });
      expect(items.map((d) => d.slug)).toEqual(['react-developer', 'angular-developer', 'nextjs-developer']);
    });

    it('pages in display order and counts every match', async () => {
      const { repo } = await seeded(s.open);
      const first = await repo.listPage({ market: 'IN', lang: 'en' }, { skip: 0, limit: 5 });
      const second = await repo.listPage({ market: 'IN', lang: 'en' }, { skip: 5, limit: 5 });
      expect(first.items.map((d) => d.rank)).toEqual([0, 1, 2, 3, 4]);
      expect(second.items.map((d) => d.rank)).toEqual([5, 6, 7, 8, 9]);
      expect(first.total).toBe(33);
    });

    it('lists only services offered in the market', async () => {
      const { repo } = await seeded(s.open);
      const au = await repo.listPage({ market: 'AU', lang: 'en' }, { skip: 0, limit: 100 });
      expect(au.items.map((d) => d.slug)).not.toContain('golang-developer');
      expect(au.total).toBe(31);
      const ae = await repo.listPage({ market: 'AE', lang: 'en' }, { skip: 0, limit: 100 });
      expect(ae.items.map((d) => d.slug)).not.toContain('security-audit');
    });

    it('filters by category', async () => {
      const { repo } = await seeded(s.open);
      const { items, total } = await repo.listPage({ market: 'IN', lang: 'en', category: 'security' }, { skip: 0, limit: 100 });
      expect(items.map((d) => d.slug)).toEqual(['security-engineer', 'security-audit']);
      expect(total).toBe(2);
    });

    it('searches the copy case-insensitively in English', async () => {
      const { repo } = await seeded(s.open);
      const { items } = await repo.listPage({ market: 'IN', lang: 'en', search: 'KUBERNETES' }, { skip: 0, limit: 100 });
      expect(items.map((d) => d.slug)).toContain('kubernetes-setup');
    });

    it('searches the requested language as well as English', async () => {
      const { repo } = await seeded(s.open);
      const de = await repo.listPage({ market: 'DE', lang: 'de', search: 'onlineshop' }, { skip: 0, limit: 100 });
      expect(de.items.map((d) => d.slug)).toContain('ecommerce-store-build');
      const hi = await repo.listPage({ market: 'IN', lang: 'hi', search: 'डेटा' }, { skip: 0, limit: 100 });
      expect(hi.items.map((d) => d.slug)).toContain('data-engineer');
      const hiEnglish = await repo.listPage({ market: 'IN', lang: 'hi', search: 'flutter' }, { skip: 0, limit: 100 });
      expect(hiEnglish.items.map((d) => d.slug)).toContain('flutter-developer');
      const enOnly = await repo.listPage({ market: 'IN', lang: 'en', search: 'डेटा' }, { skip: 0, limit: 100 });
      expect(enOnly.total).toBe(0);
    });

    it('matches regex metacharacters literally', async () => {
      const { repo } = await seeded(s.open);
      const cicd = await repo.listPage({ market: 'IN', lang: 'en', search: 'CI/CD' }, { skip: 0, limit: 100 });
      expect(cicd.items.map((d) => d.slug)).toContain('ci-cd-pipeline-setup');
      const nothing = await repo.listPage({ market: 'IN', lang: 'en', search: '.*' }, { skip: 0, limit: 100 });
      expect(nothing.total).toBe(0);
      const dotNet = await repo.listPage({ market: 'IN', lang: 'en', search: '(unclosed[' }, { skip: 0, limit: 100 });
      expect(dotNet.total).toBe(0);
    });

    it('creates its indexes twice without error and enforces unique slugs', async () => {
      const { store, repo } = await seeded(s.open);
      await repo.ensureIndexes();
      const react = (await repo.findActiveByIdOrSlug('react-developer')) as ServiceDoc;
      const copy = { ...react, _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' };
      await expect(store.collection<ServiceDoc>('services').insertOne(copy)).rejects.toMatchObject({ code: 11000 });
    });

    it('reports inserted and updated counts from upsertAll', async () => {
      const store = await s.open();
      const repo = createServiceRepository(store);
      await repo.ensureIndexes();
      const docs = seedDocuments();
      expect(await repo.upsertAll(docs)).toEqual({ inserted: 33, updated: 0 });
      expect(await repo.upsertAll(docs)).toEqual({ inserted: 0, updated: 0 });
      const changed = docs.map((d) => (d.slug === 'mvp-build' ? { ...d, minHours: 120 } : d));
      expect(await repo.upsertAll(changed)).toEqual({ inserted: 0, updated: 1 });
      expect(await repo.count()).toBe(33);
    });
  });
}

describe('escapeRegex', () => {
  it('escapes every regex metacharacter', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
  });
});
