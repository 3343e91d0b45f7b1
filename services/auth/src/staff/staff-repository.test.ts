import { afterAll, describe, expect, it } from 'bun:test';
import { newId } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { createResetTokenRepository } from './reset-token-repository.ts';
import { createStaffRepository, type StaffDoc } from './staff-repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);
const now = new Date();
const staff = (over: Partial<StaffDoc> = {}): StaffDoc => ({
  _id: newId(),
  email: 'pm@example.com',
  role: 'pm',
  passwordHash: 'x',
  createdAt: now,
  updatedAt: now,
  ...over,
});

for (const s of stores) {
  describe(`staff repository on ${s.name}`, () => {
    it('finds staff by lower-cased email and by mobile', async () => {
      const repo = createStaffRepository(await s.open());
      await repo.ensureIndexes();
      const doc = staff({ email: 'PM@Example.com', mobile: '+4915112345678' });
      await repo.insert(doc);
      expect((await repo.findByEmail('pm@EXAMPLE.com'))?._id).toBe(doc._id);
      expect((await repo.findByMobile('+4915112345678'))?._id).toBe(doc._id);
      expect(await repo.findByEmail('nobody@example.com')).toBeNull();
    });

    it('refuses a second account with the same email', async () => {
      const repo = createStaffRepository(await s.open());
      await repo.ensureIndexes();
      await repo.insert(staff());
      const err = await repo.insert(staff()).catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
    });

    it('replaces the password hash and raises the credentials version in the same update', async () => {
      const repo = createStaffRepository(await s.open());
      const doc = staff();
      await repo.insert(doc);
      expect(await repo.setPasswordHash(doc._id, 'new', now)).toBe(1);
      expect(await repo.setPasswordHash('nobody', 'new', now)).toBeNull();
      expect((await repo.findById(doc._id))?.passwordHash).toBe('new');
    });
  });

  describe(`reset token repository on ${s.name}`, () => {
    const token = (hash: string, expiresAt = new Date(now.getTime() + 60_000)) => ({ _id: hash, staffId: 's1', createdAt: now, expiresAt, usedAt: null });

    it('consumes a token exactly once', async () => {
      const repo = createResetTokenRepository(await s.open());
      await repo.ensureIndexes();
      await repo.replaceFor(token('h1'));
      const [a, b] = await Promise.all([repo.consume('h1', now), repo.consume('h1', now)]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect(await repo.consume('h1', now)).toBeNull();
    });

    it('refuses an expired token and keeps only the latest token per account', async () => {
      const repo = createResetTokenRepository(await s.open());
      await repo.replaceFor(token('old'));
      await repo.replaceFor(token('new'));
      expect(await repo.consume('old', now)).toBeNull();
      expect(await repo.consume('new', new Date(now.getTime() + 120_000))).toBeNull();
      expect((await repo.consume('new', now))?.staffId).toBe('s1');
    });

    it('holds "only the latest link works" by a unique index: a second token of one account cannot be inserted', async () => {
      const db = await s.open();
      const repo = createResetTokenRepository(db);
      await repo.ensureIndexes();
      await repo.replaceFor(token('first'));
      const err = await db
        .collection('reset_tokens')
        .insertOne(token('second'))
        .catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
    });

    it('leaves exactly one live token when ten requests for one account race', async () => {
      const db = await s.open();
      const repo = createResetTokenRepository(db);
      await repo.ensureIndexes();
      await Promise.all(Array.from({ length: 10 }, (_, i) => repo.replaceFor(token(`race-${i}`))));
      expect(await db.collection('reset_tokens').countDocuments({ staffId: 's1' })).toBe(1);
    });
  });
}
