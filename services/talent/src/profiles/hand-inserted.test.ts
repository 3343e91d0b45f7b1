/**
 * The directory's read over the real driver (the wire-level stand-in) reads the cards' BSON itself
 * (readPlainBson) and leaves what it does not read to the driver. A profile inserted by hand
 * (Compass, the Atlas UI) gets an ObjectId _id, which the plain reader leaves to the driver: the
 * card must still carry the id's hex string, as the store's decoded reads hand it out, and every
 * card must equal what the decoded read gives.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { stableId } from '@tm/shared';
import { ObjectId, openStandInDatabase, startMongoWireStandIn } from '@tm/shared/testing';
import type { StoredProfile } from './model.ts';
import { ACTIVE_CARDS_READ, createProfileRepository, PROFILES_COLLECTION, type ProfileCard } from './repository.ts';

const standIn = startMongoWireStandIn();
const db = openStandInDatabase(standIn, 'talent_hand');
afterAll(async () => {
  await db.close();
  await standIn.stop();
});

function profile(slug: string): StoredProfile {
  return {
    _id: stableId('talent', slug),
    slug,
    role: 'pm',
    displayName: `Zoë ${slug}`,
    headline: 'Delivery lead, São Paulo',
    bio: 'Bio.',
    skills: [{ name: 'Scrum', years: 3 }],
    experience: [],
    languages: [{ code: 'en', name: 'English', proficiency: 'fluent' }],
    location: { market: 'IN', city: 'Pune' },
    rating: 4.5,
    reviewCount: 10,
    availability: { status: 'available', hoursPerWeek: 40, nextAvailableDate: '2026-12-01' },
    services: ['mvp-build', 'cloud-migration'],
    industries: ['fintech'],
    indexable: true,
    active: true,
    updatedAt: '2026-11-01T00:00:00.000Z',
    contact: { email: `${slug}@example.com`, phone: '+91 98450 00000' },
    internalNotes: 'note',
  };
}

describe("the directory's read of the cards over the driver", () => {
  it('gives the cards the decoded read gives, a hand-inserted ObjectId _id as its hex string', async () => {
    const repo = createProfileRepository(db.store);
    await repo.insertMissing(['anna-pm', 'bob-pm', 'dora-pm'].map(profile));
    const oid = new ObjectId();
    await db.raw.collection(PROFILES_COLLECTION).insertOne({ ...profile('carl-pm'), _id: oid } as unknown as Record<string, unknown>);

    const cards = (await Array.fromAsync(repo.activeCards())).flat();
    const { filter, sort, projection, batchSize } = ACTIVE_CARDS_READ;
    const decoded = (await Array.fromAsync(db.store.collection<ProfileCard>(PROFILES_COLLECTION).find(filter, { sort, projection }).batches(batchSize))).flat();

    expect(cards.map((c) => c.slug)).toEqual(['anna-pm', 'bob-pm', 'carl-pm', 'dora-pm']);
    expect(cards.find((c) => c.slug === 'carl-pm')?._id).toBe(oid.toHexString());
    expect(cards).toStrictEqual(decoded);
    expect(JSON.stringify(cards)).toBe(JSON.stringify(decoded));
  });
});
