import type { ChangeMarker } from '@tm/shared/search';
import { type BulkWriteOperation, type DocumentCollection, type DocumentStore, readPlainBson } from '@tm/shared/store';
import { decodeStoredBson } from '@tm/shared/store/mongo';
import type { StoredProfile, TalentRole } from './model.ts';

/** What the directory (search, sitemap, index) keeps of a profile: public fields only, no bio, experience, contact or notes. */
export type ProfileCard = Pick<
  StoredProfile,
  | '_id'
  | 'slug'
  | 'role'
  | 'displayName'
  | 'headline'
  | 'skills'
  | 'location'
  | 'rating'
  | 'reviewCount'
  | 'availability'
  | 'services'
  | 'industries'
  | 'indexable'
  | 'updatedAt'
>;

const CARD_PROJECTION = Object.fromEntries(
  [
    'slug',
    'role',
    'displayName',
    'headline',
    'skills',
    'location',
    'rating',
    'reviewCount',
    'availability',
    'services',
    'industries',
    'indexable',
    'updatedAt',
  ].map((f) => [f, 1 as const]),
);
const BATCH = 1_000;

/** The directory's read: every active profile's card, by slug (bench:scale times it too). */
export const ACTIVE_CARDS_READ = { filter: { active: true }, sort: { slug: 1 }, projection: CARD_PROJECTION, batchSize: 2_000 } as const;

/** Collection name of the profiles, shared by the app and the seed script. */
export const PROFILES_COLLECTION = 'profiles';

/** The store operations the talent routes need, so routes never build queries themselves. */
export interface ProfileRepository {
  ensureIndexes(): Promise<void>;
  /** An active profile of `role` by database id or slug, else null. */
  findActiveByIdOrSlug(role: TalentRole, idOrSlug: string): Promise<StoredProfile | null>;
  /** An active, indexable profile of any role by slug, else null. */
  findListedBySlug(slug: string): Promise<StoredProfile | null>;
  /** Every active, indexable profile, ordered by slug. */
  listListed(): Promise<StoredProfile[]>;
  /** Every active PM who lists `service` among the services they deliver (unordered). */
  listActivePmsForService(service: string): Promise<StoredProfile[]>;
  /** Inserts each profile that is missing (by `_id`) and leaves stored ones as they are; returns how many were inserted. */
  insertMissing(profiles: readonly StoredProfile[]): Promise<number>;
  /**
   * Every active profile's public card, ordered by slug (a projection: no bio, experience,
   * contact or notes), in batches: the directory's build holds one batch of them at a time.
   */
  activeCards(): AsyncIterable<ProfileCard[]>;
  /** Active profiles by id, in the order of `ids`. */
  findActiveByIds(ids: readonly string[]): Promise<StoredProfile[]>;
  /** Cheap signals of a change, read off the request path. */
  changeMarker(): Promise<ChangeMarker>;
  /** The seed version the last seed run recorded, or null; and recording one. */
  seededVersion(): Promise<string | null>;
  markSeeded(version: string): Promise<void>;
  /** How many profiles are stored (SEED=auto seeds MongoDB only while this is 0). */
  count(): Promise<number>;
}

/** Builds the repository over any DocumentStore (embedded or MongoDB). */
export function createProfileRepository(store: DocumentStore): ProfileRepository {
  const profiles: DocumentCollection<StoredProfile> = store.collection<StoredProfile>(PROFILES_COLLECTION);
  const markers = store.collection<{ _id: string; version: string }>('seed_markers');
  return {
    async ensureIndexes() {
      await profiles.createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
      await profiles.createIndex({ role: 1, active: 1 }, { name: 'role_active' });
      await profiles.createIndex({ services: 1, role: 1 }, { name: 'services_role' });
      await profiles.createIndex({ indexable: 1, active: 1, slug: 1 }, { name: 'listed_slug' });
      // The directory's load walks active profiles by slug; the change marker reads the newest first.
      await profiles.createIndex({ active: 1, slug: 1 }, { name: 'active_slug' });
      await profiles.createIndex({ updatedAt: -1 }, { name: 'updated_at' });
    },
    findActiveByIdOrSlug(role, idOrSlug) {
      // Both branches are exact string matches: path params are strings, so no operator injection.
      return profiles.findOne({ role, active: true, $or: [{ _id: idOrSlug }, { slug: idOrSlug }] });
    },
    findListedBySlug(slug) {
      return profiles.findOne({ slug, active: true, indexable: true });
    },
    listListed() {
      return profiles.find({ active: true, indexable: true }, { sort: { slug: 1 } }).toArray();
    },
    listActivePmsForService(service) {
      return profiles.find({ role: 'pm', active: true, services: service }).toArray();
    },
    async insertMissing(list) {
      // $setOnInsert only: SEED runs at every start of every replica, and must never revert an
      // edit made in production since. Bulk writes of 1,000, so a load is linear in the data.
      let inserted = 0;
      for (let i = 0; i < list.length; i += BATCH) {
        const ops: BulkWriteOperation<StoredProfile>[] = list
          .slice(i, i + BATCH)
          .map(({ _id, ...fields }) => ({ updateOne: { filter: { _id }, update: { $setOnInsert: fields }, upsert: true } }));
        inserted += (await profiles.bulkWrite(ops, { ordered: false })).upsertedCount;
      }
      return inserted;
    },
    activeCards() {
      const { filter, sort, projection, batchSize } = ACTIVE_CARDS_READ;
      const cursor = profiles.find(filter, { sort, projection });
      // On MongoDB the cards' BSON is read here (readPlainBson: the same objects as the driver's
      // decoding, at a third of its CPU); anything it does not read is decoded by the driver, an
      // ObjectId _id read as its hex string as batches() reads it.
      if (cursor.rawBatches) return decodedCards(cursor.rawBatches(batchSize));
      return cursor.batches(batchSize) as AsyncIterable<ProfileCard[]>;
    },
    async findActiveByIds(ids) {
      const found = await profiles.find({ _id: { $in: [...ids] }, active: true }).toArray();
      // Keyed by the id's text: an _id inserted by hand is an ObjectId, a new instance on every read.
      const byId = new Map(found.map((p) => [String(p._id), p]));
      return ids.flatMap((id) => byId.get(String(id)) ?? []);
    },
    async changeMarker() {
      const [total, active, newest] = await Promise.all([
        profiles.countDocuments({}),
        profiles.countDocuments({ active: true }),
        profiles.findOne({}, { sort: { updatedAt: -1 }, projection: { updatedAt: 1 } }),
      ]);
      return { total, active, latest: newest?.updatedAt ?? null };
    },
    async seededVersion() {
      return (await markers.findOne({ _id: PROFILES_COLLECTION }))?.version ?? null;
    },
    async markSeeded(version) {
      await markers.updateOne({ _id: PROFILES_COLLECTION }, { $set: { version } }, { upsert: true });
    },
    count() {
      return profiles.countDocuments({});
    },
  };
}

async function* decodedCards(batches: AsyncIterable<Uint8Array[]>): AsyncIterable<ProfileCard[]> {
  for await (const batch of batches) yield batch.map((bytes) => (readPlainBson(bytes) ?? decodeStoredBson(bytes)) as ProfileCard);
}
