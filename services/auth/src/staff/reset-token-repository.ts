import { type Doc, type DocumentStore, isDuplicateKeyError } from '@tm/shared/store';

/** A password-reset token, stored only as its SHA-256 (`_id`), single use, short-lived. */
export interface ResetTokenDoc extends Doc {
  _id: string;
  staffId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Reset tokens in `reset_tokens`; consuming one is a single atomic update. A unique index on
 * `staffId` holds "only the latest link works": an account never has two tokens, whatever races.
 */
export function createResetTokenRepository(db: DocumentStore) {
  const tokens = db.collection<ResetTokenDoc>('reset_tokens');
  return {
    async ensureIndexes(): Promise<void> {
      // Was a plain index: the adapter rebuilds it as unique (85 IndexOptionsConflict). Tokens
      // live 30 min, so if two of one account block the build they are dropped and a new link asked for.
      try {
        await tokens.createIndex({ staffId: 1 }, { unique: true });
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        await tokens.deleteMany({});
        await tokens.createIndex({ staffId: 1 }, { unique: true });
      }
      await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /** Stores a new token in place of the account's older one: only the latest link works. */
    async replaceFor(doc: ResetTokenDoc): Promise<void> {
      // Of concurrent requests each deletes and inserts; the unique index refuses all but one
      // insert per round, and a refused one deletes again and retries, so one link stays. Each
      // round lets one through, so the bound only stops a pathological storm (the cooldown
      // allows one request per address per minute anyway).
      for (let attempt = 1; ; attempt++) {
        await tokens.deleteMany({ staffId: doc.staffId });
        try {
          await tokens.insertOne(doc);
          return;
        } catch (err) {
          if (!isDuplicateKeyError(err) || attempt >= 20) throw err;
        }
      }
    },
    /** Marks the token used if it is unused and unexpired at `now`; returns it, or null. */
    async consume(hash: string, now: Date): Promise<ResetTokenDoc | null> {
      return tokens.findOneAndUpdate({ _id: hash, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { returnDocument: 'after' });
    },
  };
}

export type ResetTokenRepository = ReturnType<typeof createResetTokenRepository>;
