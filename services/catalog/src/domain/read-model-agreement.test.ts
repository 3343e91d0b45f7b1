import { afterAll, describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { seedDocuments } from '../../seed/index.ts';
import { createTestCatalog } from '../test-support.ts';
import { createServiceReadModel } from './read-model.ts';
import { createServiceRepository, type ServiceQuery } from './repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

const queries: ServiceQuery[] = [
  { market: 'IN', lang: 'en' },
  { market: 'AE', lang: 'ar', category: 'frontend' },
  { market: 'DE', lang: 'de', search: 'entwick' },
  { market: 'IN', lang: 'hi', search: 'डेटा' },
  { market: 'US', lang: 'en', search: 'react dev' },
  { market: 'US', lang: 'en', search: 'a developer for the cloud' },
  { market: 'DE', lang: 'de', search: 'für' },
  { market: 'AU', lang: 'en', search: '.*' },
];

for (const s of stores) {
  describe(`read model pages on ${s.name}`, () => {
    it('agree with the store-side query on every page, total and search', async () => {
      const store = await s.open();
      const repo = createServiceRepository(store);
      await repo.ensureIndexes();
      await repo.upsertAll(seedDocuments());
      const model = createServiceReadModel({ repo, clock: createManualClock(), maxAgeMs: 5_000, logger: silentLogger });
      for (const q of queries) {
        for (const [skip, limit] of [
          [0, 100],
          [0, 3],
          [3, 3],
          [30, 5],
        ] as const) {
          const fromStore = await repo.listPage(q, { skip, limit });
          const fromModel = await model.page(q, skip, limit);
          expect(fromModel).toEqual({ slugs: fromStore.items.map((d) => d.slug), total: fromStore.total });
        }
      }
    });
  });
}

describe('catalog readiness with a snapshot', () => {
  it('reports degraded, not unavailable, while the store is down and keeps serving the picker and quotes', async () => {
    const store = createEmbeddedDocumentStore();
    let up = true;
    const flaky: DocumentStore = { ...store, kind: store.kind, collection: store.collection.bind(store), ping: async () => up };
    const { json } = await createTestCatalog({ documents: flaky });
    expect((await json('/services/catalog')).res.status).toBe(200);
    up = false;
    const ready = await json('/readyz');
    expect(ready.res.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.dependencies.documents).toMatchObject({ status: 'down', required: false });
    expect((await json('/services/react-developer/quote')).res.status).toBe(200);
  });
});
