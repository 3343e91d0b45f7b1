import type { DocumentCollection, DocumentStore } from '@tm/shared/store';
import type { StoredProfile, TalentRole } from './model.ts';

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
  /** How many profiles are stored (SEED=auto seeds MongoDB only while this is 0). */
  count(): Promise<number>;
}

/** Builds the repository over any DocumentStore (embedded or MongoDB). */
export function createProfileRepository(store: DocumentStore): ProfileRepository {
  const profiles: DocumentCollection<StoredProfile> = store.collection<StoredProfile>(PROFILES_COLLECTION);
  return {
    async ensureIndexes() {
      await profiles.createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
      await profiles.createIndex({ role: 1, active: 1 }, { name: 'role_active' });
      await profiles.createIndex({ services: 1, role: 1 }, { name: 'services_role' });
      await profiles.createIndex({ indexable: 1, active: 1, slug: 1 }, { name: 'listed_slug' });
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
      // $setOnInsert only: SEED_ON_START runs at every start of every replica, and must never
      // revert an edit made in production since (a $set of the seed's fields did, every restart).
      let inserted = 0;
      for (const { _id, ...fields } of list) inserted += (await profiles.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true })).upsertedCount;
      return inserted;
    },
    count() {
      return profiles.countDocuments({});
    },
  };
}
