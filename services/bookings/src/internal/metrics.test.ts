import { describe, expect, it } from 'bun:test';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createFakeCatalog } from '../testing/bookings-under-test.ts';
import { countingCatalog, countingDocuments, type Metrics } from './metrics.ts';

describe('the bench counters', () => {
  it('counts each write operation once and reads not at all', async () => {
    const metrics: Metrics = { documentWrites: 0, catalogCalls: 0 };
    const store = countingDocuments(createEmbeddedDocumentStore(), metrics);
    const c = store.collection<{ _id: string; n: number }>('x');
    await c.insertOne({ _id: 'a', n: 1 });
    await c.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } });
    await c.findOne({ _id: 'a' });
    await c.find({}).toArray();
    expect(metrics.documentWrites).toBe(2);
    const catalog = countingCatalog(createFakeCatalog({ now: () => 0 }), metrics);
    await catalog.quoteCart({ items: [{ serviceId: 'x' }] }, 'IN');
    expect(metrics.catalogCalls).toBe(1);
  });
});
