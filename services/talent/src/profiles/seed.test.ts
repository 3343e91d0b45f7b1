import { afterAll, describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { documentStoresUnderTest } from '@tm/shared/testing';
import { buildSeedProfiles } from '../../scripts/generate-seed.ts';
import seedFile from '../../seed/profiles.json' with { type: 'json' };
import { CATALOG_SERVICE_SLUGS } from '../testing.ts';
import { createProfileRepository, PROFILES_COLLECTION } from './repository.ts';
import { loadSeedProfiles, prepareProfileStore } from './seed.ts';

const profiles = loadSeedProfiles();

describe('seed profiles', () => {
  it('holds at least 60 valid profiles across all three roles', () => {
    expect(profiles.length).toBeGreaterThanOrEqual(60);
    for (const role of ['pm', 'resource', 'expert'] as const) expect(profiles.filter((p) => p.role === role).length).toBeGreaterThanOrEqual(15);
  });

  it('has some non-indexable and some inactive profiles to prove the filters', () => {
    expect(profiles.filter((p) => !p.indexable).length).toBeGreaterThanOrEqual(3);
    expect(profiles.filter((p) => !p.active).length).toBeGreaterThanOrEqual(3);
  });

  it('derives every id from the slug, and slugs are unique and never a reserved path word', () => {
    const slugs = new Set(profiles.map((p) => p.slug));
    expect(slugs.size).toBe(profiles.length);
    expect(slugs.has('sitemap')).toBe(false);
    for (const p of profiles) expect(p._id).toBe(stableId('talent', p.slug));
  });

  it('references only catalog service slugs, and every catalog service has an active PM', () => {
    const catalog = new Set<string>(CATALOG_SERVICE_SLUGS);
    for (const p of profiles) for (const s of p.services) expect(catalog.has(s)).toBe(true);
    for (const slug of CATALOG_SERVICE_SLUGS) {
      expect(profiles.some((p) => p.role === 'pm' && p.active && p.services.includes(slug))).toBe(true);
    }
  });

  it('covers every market and gives every profile stored-only contact data and notes', () => {
    expect(new Set(profiles.map((p) => p.location.market))).toEqual(new Set(['IN', 'AE', 'DE', 'US', 'AU']));
    for (const p of profiles) {
      expect(p.contact.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(p.contact.phone).toMatch(/^\+\d/);
      expect(p.internalNotes.length).toBeGreaterThan(0);
    }
  });

  it('matches what the generator produces, so the committed file is current', () => {
    expect(seedFile).toEqual(JSON.parse(JSON.stringify(buildSeedProfiles())));
  });
});

const { stores, closeAll } = documentStoresUnderTest();
afterAll(closeAll);

for (const s of stores) {
  describe(`seeding on ${s.name}`, () => {
    it('is idempotent: running it twice leaves exactly one document per seed profile', async () => {
      const db = await s.open();
      const repo = createProfileRepository(db);
      expect(await prepareProfileStore(repo, { seed: true })).toEqual({ seeded: profiles.length });
      expect(await prepareProfileStore(repo, { seed: true })).toEqual({ seeded: 0 });
      expect(await db.collection(PROFILES_COLLECTION).countDocuments({})).toBe(profiles.length);
      expect((await repo.listListed()).length).toBe(profiles.filter((p) => p.active && p.indexable).length);
    });

    it('never reverts an edit made since: a restart with SEED_ON_START inserts only what is missing', async () => {
      const db = await s.open();
      const repo = createProfileRepository(db);
      await prepareProfileStore(repo, { seed: true });
      const [first, second] = profiles;
      await db.collection(PROFILES_COLLECTION).updateOne({ _id: first?._id }, { $set: { headline: 'Edited In Production' } });
      await db.collection(PROFILES_COLLECTION).deleteOne({ _id: second?._id });
      expect(await prepareProfileStore(repo, { seed: true })).toEqual({ seeded: 1 });
      expect((await db.collection(PROFILES_COLLECTION).findOne({ _id: first?._id }))?.headline).toBe('Edited In Production');
      expect(await db.collection(PROFILES_COLLECTION).countDocuments({})).toBe(profiles.length);
    });

    it('creates the indexes without seeding when asked not to seed', async () => {
      const db = await s.open();
      expect(await prepareProfileStore(createProfileRepository(db), { seed: false })).toEqual({ seeded: 0 });
      expect(await db.collection(PROFILES_COLLECTION).countDocuments({})).toBe(0);
    });
  });
}
