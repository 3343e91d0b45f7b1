import { afterAll, describe, expect, it } from 'bun:test';
import type { Doc, DocumentStore } from '@tm/shared/store';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { createCustomerRepository } from './customer-repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);
const now = new Date();

/**
 * The store with a random 0-3 ms pause before every collection call, so concurrent sign-ins
 * interleave their steps in many orders (the embedded store alone runs each call to completion).
 */
function jittered(store: DocumentStore, random: () => number): DocumentStore {
  const pause = () => new Promise((r) => setTimeout(r, Math.floor(random() * 4)));
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'collection') return Reflect.get(target, prop, receiver);
      return (name: string) => {
        const collection = target.collection(name);
        return new Proxy(collection, {
          get(c, method, r) {
            const value = Reflect.get(c, method, r);
            if (typeof value !== 'function' || method === 'find') return typeof value === 'function' ? value.bind(c) : value;
            return async (...args: unknown[]) => {
              await pause();
              return value.apply(c, args);
            };
          },
        });
      };
    },
  });
}

/** A small seeded generator, so a failing interleaving can be replayed. */
function seededRandom(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

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

    for (const email of [undefined, 'jitter@example.com']) {
      it(`hands every racing first sign-in the same, existing customer in any interleaving (${email ? 'verified email' : 'no email'})`, async () => {
        for (let round = 0; round < 40; round++) {
          const db = await s.open();
          await createCustomerRepository(db).ensureIndexes();
          const repo = createCustomerRepository(jittered(db, seededRandom(round + 1)));
          const sub = `sub-jitter-${round}`;
          const mail = email && `${round}-${email}`;
          const signIns = await Promise.all(Array.from({ length: 4 }, () => repo.findOrCreateByIdentity('https://idp.jitter', sub, mail, now)));
          const ids = new Set(signIns.map((c) => c._id));
          expect(ids.size).toBe(1);
          const [id] = [...ids];
          expect(await db.collection('users').findOne({ _id: id })).not.toBeNull();
          expect((await db.collection('identities').findOne({ _id: JSON.stringify(['https://idp.jitter', sub]) }))?.userId).toBe(id);
          expect(await db.collection('users').countDocuments(mail ? { email: mail } : { email: { $exists: false }, mobile: { $exists: false } })).toBe(1);
        }
      });
    }

    it('leaves no email-less customer behind when binding the identity fails for another reason', async () => {
      const db = await s.open();
      await createCustomerRepository(db).ensureIndexes();
      const failingBinds: DocumentStore = {
        ...db,
        collection: (<T extends Doc>(name: string) => {
          const c = db.collection<T>(name);
          if (name !== 'identities') return c;
          return { ...c, findOne: c.findOne.bind(c), insertOne: async () => Promise.reject(new Error('connection reset')) };
        }) as DocumentStore['collection'],
      };
      const repo = createCustomerRepository(failingBinds);
      await expect(repo.findOrCreateByIdentity('https://idp.flaky', 'sub-flaky', undefined, now)).rejects.toThrow('connection reset');
      expect(await db.collection('users').countDocuments({ email: { $exists: false }, mobile: { $exists: false } })).toBe(0);
    });

    it('treats IdP emails case-insensitively: Ada@X and ada@x are one customer, stored lower-cased', async () => {
      const repo = createCustomerRepository(await s.open());
      await repo.ensureIndexes();
      const a = await repo.findOrCreateByIdentity('https://idp-a.test', 'sub-1', 'Ada@Example.COM', now);
      const b = await repo.findOrCreateByIdentity('https://idp-b.test', 'sub-2', 'ada@example.com', now);
      expect(b._id).toBe(a._id);
      expect(a.email).toBe('ada@example.com');
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
