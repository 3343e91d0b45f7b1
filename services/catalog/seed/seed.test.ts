import { afterAll, describe, expect, it } from 'bun:test';
import { CATEGORIES, LANGUAGES, MARKET_CODES, MARKETS } from '@tm/contracts';
import { stableId } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { documentStoresUnderTest } from '@tm/shared/testing';
import type { ServiceDoc } from '../src/domain/model.ts';
import { createServiceRepository } from '../src/domain/repository.ts';
import { SEED_SERVICES, seedDocuments } from './index.ts';
import { seedServices, shouldSeed } from './seed.ts';

/** The slugs, kinds and categories the lead fixed for every service (talent profiles point at them). */
const CONTRACT: Record<string, [kind: 'role' | 'project', category: string]> = {
  'react-developer': ['role', 'frontend'],
  'angular-developer': ['role', 'frontend'],
  'vue-developer': ['role', 'frontend'],
  'nextjs-developer': ['role', 'frontend'],
  'node-backend-developer': ['role', 'backend'],
  'python-django-developer': ['role', 'backend'],
  'java-spring-developer': ['role', 'backend'],
  'golang-developer': ['role', 'backend'],
  'ios-developer': ['role', 'mobile'],
  'android-developer': ['role', 'mobile'],
  'flutter-developer': ['role', 'mobile'],
  'react-native-developer': ['role', 'mobile'],
  'data-engineer': ['role', 'data-ai'],
  'data-scientist': ['role', 'data-ai'],
  'ml-engineer': ['role', 'data-ai'],
  'devops-engineer': ['role', 'cloud-devops'],
  'site-reliability-engineer': ['role', 'cloud-devops'],
  'cloud-architect': ['role', 'cloud-devops'],
  'ui-ux-designer': ['role', 'design'],
  'qa-automation-engineer': ['role', 'quality'],
  'security-engineer': ['role', 'security'],
  'mvp-build': ['project', 'product-delivery'],
  'cloud-migration': ['project', 'cloud-devops'],
  'ecommerce-store-build': ['project', 'product-delivery'],
  'mobile-app-build': ['project', 'mobile'],
  'data-warehouse-setup': ['project', 'data-ai'],
  'ai-chatbot-integration': ['project', 'data-ai'],
  'ci-cd-pipeline-setup': ['project', 'cloud-devops'],
  'security-audit': ['project', 'security'],
  'performance-optimization': ['project', 'backend'],
  'website-redesign': ['project', 'design'],
  'api-integration': ['project', 'backend'],
  'kubernetes-setup': ['project', 'cloud-devops'],
};

describe('seed data', () => {
  const docs = seedDocuments();

  it('holds exactly the contract slugs with their kinds, categories and stable ids', () => {
    expect(docs.map((d) => d.slug).sort()).toEqual(Object.keys(CONTRACT).sort());
    for (const d of docs) {
      expect([d.kind, d.category]).toEqual(CONTRACT[d.slug] as [string, string]);
      expect(d._id).toBe(stableId('service', d.slug));
      expect(d._id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(new Set(docs.map((d) => d.category)).size).toBe(CATEGORIES.length);
  });

  it('has copy in every language, Devanagari for hi and Arabic script for ar', () => {
    for (const d of docs) {
      for (const lang of LANGUAGES) {
        const c = d.i18n[lang];
        expect([c.name, c.summary, c.description].every((x) => x.trim().length > 0)).toBe(true);
        expect(c.inclusions.length).toBeGreaterThanOrEqual(3);
        expect(c.faq.length).toBeGreaterThanOrEqual(3);
        for (const f of c.faq) expect(f.question.length > 0 && f.answer.length > 0).toBe(true);
      }
      expect(d.i18n.hi.summary).toMatch(/[\u0900-\u097F]/);
      expect(d.i18n.ar.summary).toMatch(/[\u0600-\u06FF]/);
      expect(d.i18n.de.description).not.toBe(d.i18n.en.description);
    }
  });

  it('prices every offered market in its own currency as positive integer minor units', () => {
    for (const d of docs) {
      expect(d.markets.length).toBeGreaterThan(0);
      expect(Object.keys(d.prices).sort()).toEqual([...d.markets].sort());
      for (const m of d.markets) {
        const p = d.prices[m];
        expect(p?.currency).toBe(MARKETS[m].currency);
        expect(Number.isSafeInteger(p?.hourlyRate) && (p?.hourlyRate as number) > 0).toBe(true);
      }
    }
  });

  it('sets local price points rather than one converted price (React: INR 2,400, AED 260, EUR 78, USD 85, AUD 120 an hour)', () => {
    const react = docs.find((d) => d.slug === 'react-developer') as ServiceDoc;
    expect(react.prices).toEqual({
      IN: { currency: 'INR', hourlyRate: 240000 },
      AE: { currency: 'AED', hourlyRate: 26000 },
      DE: { currency: 'EUR', hourlyRate: 7800 },
      US: { currency: 'USD', hourlyRate: 8500 },
      AU: { currency: 'AUD', hourlyRate: 12000 },
    });
  });

  it('leaves a few services out of some markets', () => {
    const partial = docs.filter((d) => d.markets.length < MARKET_CODES.length).map((d) => d.slug);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    expect(partial).toContain('golang-developer');
  });

  it('gives every service a minimum no larger than its default, and projects larger budgets than roles', () => {
    for (const d of docs) expect(d.minHours > 0 && d.minHours <= d.defaultHours).toBe(true);
    const mvp = docs.find((d) => d.slug === 'mvp-build') as ServiceDoc;
    expect([mvp.defaultHours, mvp.minHours]).toEqual([320, 160]);
  });

  it('numbers the display order after the seed order', () => {
    expect(docs.map((d) => d.rank)).toEqual(SEED_SERVICES.map((_, i) => i));
  });
});

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`seeding on ${s.name}`, () => {
    it('is idempotent: seeding twice keeps the counts and the documents', async () => {
      const store = await s.open();
      const first = await seedServices(store);
      expect(first).toEqual({ total: 33, inserted: 33, updated: 0 });
      const services = store.collection<ServiceDoc>('services');
      const before = await services.find({}, { sort: { _id: 1 } }).toArray();
      const second = await seedServices(store);
      expect(second).toEqual({ total: 33, inserted: 0, updated: 0 });
      expect(await services.find({}, { sort: { _id: 1 } }).toArray()).toEqual(before);
    });

    it('keeps services and fields that did not come from the seed', async () => {
      const store = await s.open();
      await seedServices(store);
      const services = store.collection<ServiceDoc>('services');
      const extra = { ...seedDocuments()[0], _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', slug: 'custom-service' } as ServiceDoc;
      await services.insertOne(extra);
      await services.updateOne({ slug: 'mvp-build' }, { $set: { internalNote: 'keep me' } });
      await seedServices(store);
      expect(await services.countDocuments({})).toBe(34);
      expect(await services.findOne({ slug: 'custom-service' })).not.toBeNull();
      expect((await services.findOne({ slug: 'mvp-build' })) as Record<string, unknown> | null).toMatchObject({ internalNote: 'keep me' });
    });

    it('restores seed values that were edited in the store', async () => {
      const store = await s.open();
      await seedServices(store);
      const services = store.collection<ServiceDoc>('services');
      await services.updateOne({ slug: 'react-developer' }, { $set: { 'prices.IN.hourlyRate': 1 } });
      expect(await seedServices(store)).toEqual({ total: 33, inserted: 0, updated: 1 });
      expect((await services.findOne({ slug: 'react-developer' }))?.prices.IN?.hourlyRate).toBe(240000);
    });
  });
}

describe('shouldSeed', () => {
  it('seeds the embedded store always and MongoDB only while empty in auto mode', async () => {
    const store = createEmbeddedDocumentStore();
    const repo = createServiceRepository(store);
    expect(await shouldSeed('auto', 'mongodb', repo)).toBe(true);
    expect(await shouldSeed('auto', 'embedded', repo)).toBe(true);
    await seedServices(store);
    expect(await shouldSeed('auto', 'mongodb', repo)).toBe(false);
    expect(await shouldSeed('auto', 'embedded', repo)).toBe(true);
    expect(await shouldSeed('always', 'mongodb', repo)).toBe(true);
    expect(await shouldSeed('never', 'embedded', repo)).toBe(false);
  });
});

describe('seed version marker', () => {
  it('skips the upsert when the store already holds this seed version, and seeds again for a new one', async () => {
    const store = createEmbeddedDocumentStore();
    const repo = createServiceRepository(store);
    expect((await seedServices(store, { onlyIfChanged: true })).inserted).toBe(33);
    await store.collection<ServiceDoc>('services').updateOne({ slug: 'react-developer' }, { $set: { minHours: 1 } });
    expect(await seedServices(store, { onlyIfChanged: true })).toEqual({ total: 33, inserted: 0, updated: 0, skipped: true });
    expect((await repo.findActiveByIdOrSlug('react-developer'))?.minHours).toBe(1);
    await repo.markSeeded('an-older-seed');
    expect(await seedServices(store, { onlyIfChanged: true })).toEqual({ total: 33, inserted: 0, updated: 1 });
  });
});
