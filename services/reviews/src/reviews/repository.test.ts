import { afterAll, describe, expect, it } from 'bun:test';
import { documentStoresUnderTest, type StoreUnderTest } from '@tm/shared/testing';
import type { ReviewDoc } from './model.ts';
import { createReviewRepository } from './repository.ts';

const at = '2026-05-01T10:00:00.000Z';
function review(n: number, rating: number, over: Partial<ReviewDoc> = {}): ReviewDoc {
  return {
    _id: `r${n}`,
    bookingId: `b${n}`,
    authorRole: 'customer',
    authorId: `cust-${n}`,
    authorName: 'Ada L.',
    rating,
    text: 'A careful and friendly PM, delivered on time.',
    status: 'pending',
    subjects: { serviceIds: ['svc-1'], pmId: 'pm-1', customerId: `cust-${n}` },
    completedAt: at,
    publishAt: '2026-05-15T10:00:00.000Z',
    reports: 0,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...over,
  };
}

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const store of stores) describeRepository(store);

function describeRepository(store: StoreUnderTest) {
  async function setUp() {
    const repo = createReviewRepository(await store.open());
    await repo.ensureIndexes();
    return repo;
  }

  describe(`the review repository (${store.name})`, () => {
    it('keeps one review per side per booking, also when two race', async () => {
      const repo = await setUp();
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => repo.insert(review(1, 4))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(4).fill('REVIEW_EXISTS'));
      await repo.insert(review(1, 4, { _id: 'r1-pm', authorRole: 'pm', authorId: 'pm-acct' }));
    });

    it('counts 10 reviews published at once exactly, each published by exactly one of racing callers', async () => {
      const repo = await setUp();
      const ratings = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3];
      for (const [i, r] of ratings.entries()) await repo.insert(review(i, r));
      // Every review is published by two racing callers (the second side and the sweeper, say).
      const moves = await Promise.all(ratings.flatMap((_, i) => [repo.publish(`r${i}`, at), repo.publish(`r${i}`, at)]));
      expect(moves.filter((m) => m !== null)).toHaveLength(10);
      const svc = await repo.summaries.of('service:svc-1');
      expect({ count: svc.count, sum: svc.sum }).toEqual({ count: 10, sum: 36 });
      expect(svc.stars).toEqual({ 1: 1, 2: 1, 3: 2, 4: 3, 5: 3 });
      expect((await repo.summaries.of('pm:pm-1')).count).toBe(10);
      expect((await repo.summaries.of('all')).sum).toBe(36);
    });

    it('returns to the same numbers after hide then restore, also when hides and restores race', async () => {
      const repo = await setUp();
      for (const [i, r] of [5, 4, 1].entries()) {
        await repo.insert(review(i, r));
        await repo.publish(`r${i}`, at);
      }
      const before = await repo.summaries.of('service:svc-1');
      const hides = await Promise.all([repo.hide('r2', 'abuse', 'admin', at), repo.hide('r2', 'spam', 'admin', at), repo.hide('r2', 'abuse', 'admin', at)]);
      expect(hides.filter((h) => h !== null)).toHaveLength(1);
      const hidden = await repo.summaries.of('service:svc-1');
      expect({ count: hidden.count, sum: hidden.sum }).toEqual({ count: 2, sum: 9 });
      const ledger = await repo.summaries.ledger();
      expect(ledger.hidden?.['1']).toBe(1);
      expect(ledger.published?.['1']).toBe(0);
      const restores = await Promise.all([repo.restore('r2', at), repo.restore('r2', at)]);
      expect(restores.filter((r) => r !== null)).toHaveLength(1);
      expect(await repo.summaries.of('service:svc-1')).toEqual(before);
      const after = await repo.summaries.ledger();
      expect(after.published).toEqual({ 1: 1, 4: 1, 5: 1 });
      expect(Object.values(after.hidden ?? {}).every((n) => n === 0)).toBe(true);
      expect(Object.values(after.hiddenByReason ?? {}).every((n) => n === 0)).toBe(true);
    });

    it("never counts a PM's review of a customer in any public summary", async () => {
      const repo = await setUp();
      await repo.insert(review(1, 1, { authorRole: 'pm', authorId: 'pm-acct' }));
      expect(await repo.publish('r1', at)).not.toBeNull();
      expect((await repo.summaries.of('service:svc-1')).count).toBe(0);
      expect((await repo.summaries.of('all')).count).toBe(0);
    });

    it('refuses to hide a pending review and to restore a published one', async () => {
      const repo = await setUp();
      await repo.insert(review(1, 3));
      expect(await repo.hide('r1', 'spam', 'admin', at)).toBeNull();
      await repo.publish('r1', at);
      expect(await repo.restore('r1', at)).toBeNull();
      expect((await repo.summaries.of('service:svc-1')).count).toBe(1);
    });
  });
}
