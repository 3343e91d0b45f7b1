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

    it('lists live sessions newest first, revokes all but one, and feeds revocations since an instant', async () => {
      const repo = createSessionRepository(await s.open());
      await repo.ensureIndexes();
      const subjectId = `user-${crypto.randomUUID()}`;
      const older = session({ subjectId, createdAt: new Date(now.getTime() - 1000) });
      const newer = session({ subjectId });
      const keep = session({ subjectId, createdAt: new Date(now.getTime() - 2000) });
      for (const x of [older, newer, keep]) await repo.insert(x);
      expect((await repo.listLive(subjectId, now)).map((x) => x._id)).toEqual([newer._id, older._id, keep._id]);
      const at = new Date(now.getTime() + 1);
      expect(await repo.revokeAllFor(subjectId, at, keep._id)).toBe(2);
      expect((await repo.listLive(subjectId, now)).map((x) => x._id)).toEqual([keep._id]);
      const fed = (await repo.revokedSince(at, 100)).map((x) => x._id);
      expect(fed).toEqual(expect.arrayContaining([older._id, newer._id]));
      expect(fed).not.toContain(keep._id);
      expect(await repo.revokeOwned(keep._id, 'someone-else', now)).toBe(false);
      expect(await repo.revokeOwned(keep._id, subjectId, now)).toBe(true);
    });

    it('renews a live session to a new credentials version and refresh token, never a revoked one', async () => {
      const repo = createSessionRepository(await s.open());
      const live = session({ userAgent: 'ua' });
      const gone = session({ revokedAt: now });
      for (const x of [live, gone]) await repo.insert(x);
      expect(await repo.renew(live._id, 3, 'jti-2', now)).toBe(true);
      expect(await repo.findLive(live._id, now)).toMatchObject({ credentialsVersion: 3, refreshJti: 'jti-2' });
      expect(await repo.renew(gone._id, 3, 'jti-2', now)).toBe(false);
      await repo.forgetDevices(live.subjectId);
      expect((await repo.findLive(live._id, now))?.userAgent).toBeUndefined();
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
