import type { Doc, DocumentStore } from '@tm/shared/store';

/**
 * An account deletion under way: which services have still to confirm the erasure. While it
 * exists the account is unusable (no sign-in, every session dead); the erasure worker retries it.
 */
export interface DeletionDoc extends Doc {
  /** The account's id: one deletion per account. */
  _id: string;
  pending: string[];
  createdAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
}

export function createDeletionRepository(db: DocumentStore) {
  const deletions = db.collection<DeletionDoc>('account_deletions');
  return {
    async ensureIndexes(): Promise<void> {
      await deletions.createIndex({ nextAttemptAt: 1 });
    },
    find: (userId: string) => deletions.findOne({ _id: userId }),
    /** Records the deletion once (concurrent calls keep the first record). */
    async open(doc: DeletionDoc): Promise<void> {
      await deletions.updateOne(
        { _id: doc._id },
        { $setOnInsert: { pending: doc.pending, createdAt: doc.createdAt, attempts: 0, nextAttemptAt: doc.nextAttemptAt } },
        { upsert: true },
      );
    },
    async recordAttempt(userId: string, pending: string[], nextAttemptAt: Date, lastError: string): Promise<void> {
      await deletions.updateOne({ _id: userId }, { $set: { pending, nextAttemptAt, lastError }, $inc: { attempts: 1 } });
    },
    due: (now: Date, limit: number) => deletions.find({ nextAttemptAt: { $lte: now } }, { sort: { nextAttemptAt: 1 }, limit }).toArray(),
    async close(userId: string): Promise<void> {
      await deletions.deleteOne({ _id: userId });
    },
  };
}

export type DeletionRepository = ReturnType<typeof createDeletionRepository>;
