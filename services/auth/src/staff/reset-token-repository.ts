import type { Doc, DocumentStore } from '@tm/shared/store';

/** A password-reset token, stored only as its SHA-256 (`_id`), single use, short-lived. */
export interface ResetTokenDoc extends Doc {
  _id: string;
  staffId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Reset tokens in `reset_tokens`; consuming one is a single atomic update. */
export function createResetTokenRepository(db: DocumentStore) {
  const tokens = db.collection<ResetTokenDoc>('reset_tokens');
  return {
    async ensureIndexes(): Promise<void> {
      await tokens.createIndex({ staffId: 1 });
      await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /** Stores a new token and drops the account's older ones: only the latest link works. */
    async replaceFor(doc: ResetTokenDoc): Promise<void> {
      await tokens.deleteMany({ staffId: doc.staffId });
      await tokens.insertOne(doc);
    },
    /** Marks the token used if it is unused and unexpired at `now`; returns it, or null. */
    async consume(hash: string, now: Date): Promise<ResetTokenDoc | null> {
      return tokens.findOneAndUpdate({ _id: hash, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { returnDocument: 'after' });
    },
  };
}

export type ResetTokenRepository = ReturnType<typeof createResetTokenRepository>;
