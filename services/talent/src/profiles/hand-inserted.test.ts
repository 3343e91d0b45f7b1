/**
 * The directory's read over the real driver (the wire-level stand-in) reads the cards' BSON itself
 * (readPlainBson) and leaves what it does not read to the driver. A profile inserted by hand
 * (Compass, the Atlas UI) gets an ObjectId _id, which the plain reader leaves to the driver: the
 * card must still carry the id's hex string, as the store's decoded reads hand it out, and every
 * card must equal what the decoded read gives.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { ObjectId, openStandInDatabase, startMongoWireStandIn } from '@tm/shared/testing';
import { ACTIVE_CARDS_READ, createProfileRepository, PROFILES_COLLECTION, type ProfileCard } from './repository.ts';
import { prepareProfileStore } from './seed.ts';

const standIn = startMongoWireStandIn();
const db = openStandInDatabase(standIn, 'talent_hand');
afterAll(async () => {
  await db.close();
  await standIn.stop();
});

describe("the directory's read of the cards over the driver", () => {
  it('gives the cards the decoded read gives, a hand-inserted ObjectId _id as its hex string', async () => {
    const repo = createProfileRepository(db.store);
    await prepareProfileStore(repo, { seed: true });
    const profiles = db.raw.collection(PROFILES_COLLECTION);
    const template = await profiles.findOne({ active: true, indexable: true });
    if (!template) throw new Error('the seed holds no listed profile');
    const oid = new ObjectId();
    await profiles.insertOne({ ...template, _id: oid, slug: 'hand-made-profile' });

    const cards = (await Array.fromAsync(repo.activeCards())).flat();
    const { filter, sort, projection, batchSize } = ACTIVE_CARDS_READ;
    const decoded = (await Array.fromAsync(db.store.collection<ProfileCard>(PROFILES_COLLECTION).find(filter, { sort, projection }).batches(batchSize))).flat();

    expect(cards.length).toBeGreaterThan(1);
    expect(cards.find((c) => c.slug === 'hand-made-profile')?._id).toBe(oid.toHexString());
    expect(cards).toStrictEqual(decoded);
    expect(JSON.stringify(cards)).toBe(JSON.stringify(decoded));
  });
});
