import { afterAll, describe, expect, it } from 'bun:test';
import { documentStoresUnderTest } from '@tm/shared';
import { createCustomerRepository } from './customer-repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);
const now = new Date();

for (const s of stores) {
  describe(`customer repository on ${s.name}`, () => {
    it('creates a customer for a new mobile and finds the same one again', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const a = await repo.findOrCreateByMobile('+4915112345678', now);
      const b = await repo.findOrCreateByMobile('+4915112345678', now);
      expect(b._id).toBe(a._id);
      expect(a.mobile).toBe('+4915112345678');
    });

    it('creates one customer when two sign-ins for a new mobile race', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const [a, b] = await Promise.all([repo.findOrCreateByMobile('+919876543210', now), repo.findOrCreateByMobile('+919876543210', now)]);
      expect(a._id).toBe(b._id);
    });

    it('leaves one customer, and no orphan, when first sign-ins of one email-less identity race', async () => {
      const db = await s.open();
      const repo = createCustomerRepository(db);
      await repo.ensureIndexes();
      const signIns = await Promise.all(Array.from({ length: 8 }, () => repo.findOrCreateByIdentity('https://idp.race', 'sub-race', undefined, now)));
      expect(new Set(signIns.map((c) => c._id)).size).toBe(1);
      const bound = await db.collection('identities').findOne({ _id: JSON.stringify(['https://idp.race', 'sub-race']) });
      expect(bound?.userId).toBe(signIns[0]?._id);
      // Every customer this identity's sign-ins created is the one it is bound to.
      const users = await db.collection('users').find({ email: { $exists: false }, mobile: { $exists: false } }).toArray();
      expect(users.map((u) => u._id)).toEqual([String(signIns[0]?._id)]);
    });

    it('leaves one customer when first sign-ins of one identity with a verified email race', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const signIns = await Promise.all(Array.from({ length: 8 }, () => repo.findOrCreateByIdentity('https://idp.race', 'sub-mail', 'race@example.com', now)));
      expect(new Set(signIns.map((c) => c._id)).size).toBe(1);
      expect(signIns[0]?.email).toBe('race@example.com');
    });

    it('keys IdP customers by issuer and subject', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const a = await repo.findOrCreateByIdentity('https://idp.one', 'sub-1', undefined, now);
      const again = await repo.findOrCreateByIdentity('https://idp.one', 'sub-1', undefined, now);
      const otherIssuer = await repo.findOrCreateByIdentity('https://idp.two', 'sub-1', undefined, now);
      expect(again._id).toBe(a._id);
      expect(otherIssuer._id).not.toBe(a._id);
    });

    it('links a new identity to the customer with the same verified email', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const first = await repo.findOrCreateByIdentity('https://idp.one', 'a', 'ada@example.com', now);
      const second = await repo.findOrCreateByIdentity('https://idp.two', 'b', 'ada@example.com', now);
      expect(second._id).toBe(first._id);
      expect(first.email).toBe('ada@example.com');
      expect((await repo.findById(first._id))?.email).toBe('ada@example.com');
    });
  });
}
