import { afterAll, describe, expect, it } from 'bun:test';
import { documentStoresUnderTest } from '../testing/document-stores.ts';
import { createLeases } from './lease.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`leases on ${s.name}`, () => {
    it('of N replicas acquiring one lease at once, exactly one holds it', async () => {
      const db = await s.open();
      const replicas = Array.from({ length: 8 }, (_, i) => createLeases(db, { owner: `replica-${i}` }));
      const got = await Promise.all(replicas.map((r) => r.acquire('reconciler', 60_000)));
      const holders = got.filter((l) => l !== null);
      expect(holders).toHaveLength(1);
      expect(await replicas[0]?.holder('reconciler')).toBe(holders[0]?.owner as string);
    });

    it('is free again once released or expired, and a lost lease cannot be renewed or released by its old holder', async () => {
      const db = await s.open();
      let now = 1_000_000;
      const a = createLeases(db, { owner: 'a', now: () => now });
      const b = createLeases(db, { owner: 'b', now: () => now });
      const la = await a.acquire('duty', 10_000);
      expect(la).not.toBeNull();
      expect(await b.acquire('duty', 10_000)).toBeNull();
      expect(await la?.renew()).toBe(true);
      now += 10_001;
      const lb = await b.acquire('duty', 10_000);
      expect(lb?.owner).toBe('b');
      expect(await la?.renew()).toBe(false);
      await la?.release();
      expect(await a.holder('duty')).toBe('b');
      await lb?.release();
      expect(await a.holder('duty')).toBeUndefined();
      expect(await a.acquire('duty', 10_000)).not.toBeNull();
    });

    it('runs a duty on one replica at a time: the others skip it while it runs', async () => {
      const db = await s.open();
      const replicas = Array.from({ length: 5 }, (_, i) => createLeases(db, { owner: `r${i}` }));
      let running = 0;
      let most = 0;
      let runs = 0;
      const duty = async () => {
        running++;
        runs++;
        most = Math.max(most, running);
        await Bun.sleep(30);
        running--;
        return 'done';
      };
      const results = await Promise.all(replicas.map((r) => r.run('pass', 5_000, duty)));
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(runs).toBe(1);
      expect(most).toBe(1);
      // Released after: the next pass may run anywhere.
      expect((await replicas[3]?.run('pass', 5_000, duty))?.ran).toBe(true);
    });
  });
}
