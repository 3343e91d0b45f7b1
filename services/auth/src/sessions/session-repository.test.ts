import { afterAll, describe, expect, it } from 'bun:test';
import { newId } from '@tm/shared';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { createSessionRepository, type SessionDoc } from './session-repository.ts';

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

// Real time: the embedded store's TTL index follows the system clock.
const now = new Date();
const session = (over: Partial<SessionDoc> = {}): SessionDoc => ({
  _id: newId(),
  subjectId: 'user-1',
  subjectKind: 'customer',
  role: 'customer',
  refreshJti: crypto.randomUUID(),
  createdAt: now,
  expiresAt: new Date(now.getTime() + 60_000),
  revokedAt: null,
  ...over,
});

for (const s of stores) {
  describe(`session repository on ${s.name}`, () => {
    it('finds a live session and not an expired one', async () => {
      const repo = createSessionRepository(await s.open());
      await repo.ensureIndexes();
      const live = session();
      const expired = session({ expiresAt: new Date(now.getTime() - 1) });
      await repo.insert(live);
      await repo.insert(expired);
      expect((await repo.findLive(live._id, now))?._id).toBe(live._id);
      expect(await repo.findLive(expired._id, now)).toBeNull();
    });

    it('revokes every session of one subject and leaves others alone', async () => {
      const repo = createSessionRepository(await s.open());
      const a = session();
      const b = session();
      const other = session({ subjectId: 'user-2' });
      for (const x of [a, b, other]) await repo.insert(x);
      expect(await repo.revokeAllFor('user-1', now)).toBe(2);
      expect(await repo.findLive(a._id, now)).toBeNull();
      expect(await repo.findLive(b._id, now)).toBeNull();
      expect(await repo.findLive(other._id, now)).not.toBeNull();
    });

    it('revokes one session once', async () => {
      const repo = createSessionRepository(await s.open());
      const a = session();
      await repo.insert(a);
      expect(await repo.revoke(a._id, now)).toBe(true);
      expect(await repo.revoke(a._id, now)).toBe(false);
    });
  });
}
