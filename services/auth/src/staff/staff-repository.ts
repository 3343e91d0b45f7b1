import type { Role } from '@tm/contracts';
import type { Doc, DocumentStore } from '@tm/shared';

/** A staff account (pm, resource, admin, ...): signs in with a password, never by OTP. */
export interface StaffDoc extends Doc {
  _id: string;
  /** Lower-cased. */
  email: string;
  mobile?: string;
  role: Role;
  /** argon2id PHC string from Bun.password. */
  passwordHash: string;
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
    },
    findById: (id: string) => staff.findOne({ _id: id }),
    findByEmail: (email: string) => staff.findOne({ email: email.toLowerCase() }),
    findByMobile: (mobile: string) => staff.findOne({ mobile }),
    async insert(doc: StaffDoc): Promise<void> {
      await staff.insertOne({ ...doc, email: doc.email.toLowerCase() });
    },
    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<boolean> {
      const res = await staff.updateOne({ _id: id }, { $set: { passwordHash, updatedAt: now } });
      return res.matchedCount === 1;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
