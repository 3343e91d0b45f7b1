import type { Role } from '@tm/contracts';
import type { Doc, DocumentStore } from '@tm/shared/store';

/** A staff account (pm, resource, admin, ...): signs in with a password, never by OTP. */
export interface StaffDoc extends Doc {
  _id: string;
  /** Lower-cased. */
  email: string;
  mobile?: string;
  role: Role;
  /** argon2id PHC string from Bun.password; '' for an invited account that has not set one yet. */
  passwordHash: string;
  /** Talent profile of a pm or resource account: the `pid` claim of its tokens. */
  profileId?: string;
  name?: string;
  locale?: string;
  /** Raised in the same update as every password change: sessions opened before it are dead. */
  credentialsVersion?: number;
  /** Set by an admin's deactivation: no sign-in, no refresh, every session revoked. */
  deactivatedAt?: Date;
  /** Admin who invited the account (absent for the bootstrap admin). */
  invitedBy?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Staff accounts in the `staff` collection, unique by email and by mobile. */
export function createStaffRepository(db: DocumentStore) {
  const staff = db.collection<StaffDoc>('staff');
  return {
    async ensureIndexes(): Promise<void> {
      await staff.createIndex({ email: 1 }, { unique: true });
      await staff.createIndex({ mobile: 1 }, { unique: true, sparse: true });
      await staff.createIndex({ profileId: 1 }, { unique: true, sparse: true });
    },
    findById: (id: string) => staff.findOne({ _id: id }),
    findByEmail: (email: string) => staff.findOne({ email: email.toLowerCase() }),
    findByMobile: (mobile: string) => staff.findOne({ mobile }),
    findByProfileId: (profileId: string) => staff.findOne({ profileId }),
    async insert(doc: StaffDoc): Promise<void> {
      await staff.insertOne({ ...doc, email: doc.email.toLowerCase() });
    },
    /**
     * Sets the password and raises the credentials version in one update, so every session opened
     * before it is dead at once (issue 13: no window where a step-down between writes leaves them
     * live). Answers the new version, or null when the account is gone.
     */
    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<number | null> {
      const doc = await staff.findOneAndUpdate(
        { _id: id },
        { $set: { passwordHash, updatedAt: now }, $inc: { credentialsVersion: 1 } },
        { returnDocument: 'after' },
      );
      return doc ? (doc.credentialsVersion ?? 0) : null;
    },
    /** Newest first, `limit` at most, optionally one role. */
    list: (filter: { role?: Role }, limit: number, skip: number) =>
      staff.find(filter.role ? { role: filter.role } : {}, { sort: { createdAt: -1 }, limit, skip }).toArray(),
    count: (filter: { role?: Role }) => staff.countDocuments(filter.role ? { role: filter.role } : {}),
    /** Deactivates once (raising the credentials version); the account as it is now, or null when unknown. */
    async deactivate(id: string, now: Date): Promise<StaffDoc | null> {
      await staff.updateOne({ _id: id, deactivatedAt: { $exists: false } }, { $set: { deactivatedAt: now, updatedAt: now }, $inc: { credentialsVersion: 1 } });
      return staff.findOne({ _id: id });
    },
    async update(id: string, set: Partial<Pick<StaffDoc, 'name' | 'locale' | 'email'>>, now: Date): Promise<void> {
      await staff.updateOne({ _id: id }, { $set: { ...set, updatedAt: now } });
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
