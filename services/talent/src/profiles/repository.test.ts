import { afterAll, describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import { documentStoresUnderTest } from '@tm/shared/testing';
import type { StoredProfile, TalentRole } from './model.ts';
import { createProfileRepository, PROFILES_COLLECTION } from './repository.ts';

function profile(slug: string, role: TalentRole, overrides: Partial<StoredProfile> = {}): StoredProfile {
  return {
    _id: stableId('talent', slug),
    slug,
    role,
    displayName: slug,
    headline: 'Headline',
    bio: 'Bio.',
    skills: [{ name: 'Scrum', years: 3 }],
    experience: [],
    languages: [{ code: 'en', name: 'English', proficiency: 'fluent' }],
    location: { market: 'IN', city: 'Pune' },
    rating: 4.5,
    reviewCount: 10,
    availability: { status: 'available', hoursPerWeek: 40, nextAvailableDate: '2026-12-01' },
    services: ['mvp-build'],
    indexable: true,
    active: true,
    updatedAt: '2026-11-01T00:00:00.000Z',
    contact: { email: `${slug}@example.com`, phone: '+91 98450 00000' },
    internalNotes: 'note',
    ...overrides,
  };
}

const FIXTURES = [
  profile('zoe-pm', 'pm', { services: ['mvp-build', 'cloud-migration'] }),
  profile('adam-pm', 'pm', { services: ['cloud-migration'], indexable: false }),
  profile('gone-pm', 'pm', { services: ['mvp-build'], active: false }),
  profile('rita-resource', 'resource'),
  profile('eve-expert', 'expert', { services: ['security-audit'] }),
  profile('hidden-expert', 'expert', { indexable: false }),
];

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`profile repository on ${s.name}`, () => {
    async function seeded() {
      const db = await s.open();
      const repo = createProfileRepository(db);
      await repo.ensureIndexes();
      await repo.insertMissing(FIXTURES);
      return { db, repo };
    }

    it('finds an active profile by id and by slug, only for its own role', async () => {
      const { repo } = await seeded();
      expect((await repo.findActiveByIdOrSlug('pm', 'zoe-pm'))?.slug).toBe('zoe-pm');
      expect((await repo.findActiveByIdOrSlug('pm', stableId('talent', 'zoe-pm')))?.slug).toBe('zoe-pm');
      expect(await repo.findActiveByIdOrSlug('resource', 'zoe-pm')).toBeNull();
      expect((await repo.findActiveByIdOrSlug('resource', 'rita-resource'))?.role).toBe('resource');
    });

    it('does not find inactive or unknown profiles', async () => {
      const { repo } = await seeded();
      expect(await repo.findActiveByIdOrSlug('pm', 'gone-pm')).toBeNull();
      expect(await repo.findActiveByIdOrSlug('pm', 'nobody')).toBeNull();
      expect(await repo.findActiveByIdOrSlug('pm', stableId('talent', 'gone-pm'))).toBeNull();
    });

    it('serves a non-indexable but active profile by id or slug', async () => {
      const { repo } = await seeded();
      expect((await repo.findActiveByIdOrSlug('pm', 'adam-pm'))?.indexable).toBe(false);
    });

    it('lists only active, indexable profiles, ordered by slug', async () => {
      const { repo } = await seeded();
      expect((await repo.listListed()).map((p) => p.slug)).toEqual(['eve-expert', 'rita-resource', 'zoe-pm']);
      expect((await repo.findListedBySlug('eve-expert'))?.slug).toBe('eve-expert');
      expect(await repo.findListedBySlug('hidden-expert')).toBeNull();
      expect(await repo.findListedBySlug('gone-pm')).toBeNull();
    });

    it('lists the active PMs who deliver a service, indexable or not', async () => {
      const { repo } = await seeded();
      const slugs = (await repo.listActivePmsForService('cloud-migration')).map((p) => p.slug).sort();
      expect(slugs).toEqual(['adam-pm', 'zoe-pm']);
      expect((await repo.listActivePmsForService('mvp-build')).map((p) => p.slug)).toEqual(['zoe-pm']);
      expect(await repo.listActivePmsForService('security-audit')).toEqual([]);
      expect(await repo.listActivePmsForService('no-such-service')).toEqual([]);
    });

    it('inserts only missing profiles: seeding twice keeps one document per profile and changes nothing stored', async () => {
      const { db, repo } = await seeded();
      await repo.ensureIndexes();
      expect(await repo.insertMissing([...FIXTURES.slice(1), { ...(FIXTURES[0] as StoredProfile), headline: 'Changed' }])).toBe(0);
      expect(await db.collection(PROFILES_COLLECTION).countDocuments({})).toBe(FIXTURES.length);
      expect((await repo.findActiveByIdOrSlug('pm', 'zoe-pm'))?.headline).toBe((FIXTURES[0] as StoredProfile).headline);
    });

    it('keeps every edit made to a seeded profile when seeding again', async () => {
      const { db, repo } = await seeded();
      await repo.ensureIndexes();
      const zoe = FIXTURES[0] as StoredProfile;
      await db.collection(PROFILES_COLLECTION).updateOne({ _id: zoe._id }, { $set: { internalNote: 'keep me', headline: 'Edited' } });
      await repo.insertMissing(FIXTURES);
      const stored = (await db.collection(PROFILES_COLLECTION).findOne({ _id: zoe._id })) as Record<string, unknown> | null;
      expect(stored).toMatchObject({ internalNote: 'keep me', headline: 'Edited' });
    });

    it('rejects a second profile with the same slug', async () => {
      const { repo } = await seeded();
      const clash = { ...profile('zoe-pm', 'expert'), _id: stableId('talent', 'other') };
      const err = await repo.insertMissing([clash]).catch((e: unknown) => e);
      expect(isDuplicateKeyError(err)).toBe(true);
    });
  });
}
