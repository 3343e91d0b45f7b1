import type { Doc, DocumentStore } from '@tm/shared/store';
import type { SubjectKind } from '../sessions/session-repository.ts';

/** A pending email change: the new address waits here until its owner follows the mailed link. */
export interface EmailChangeDoc extends Doc {
  /** SHA-256 of the link's token (never the token). */
  _id: string;
  subjectId: string;
  subjectKind: Exclude<SubjectKind, 'guest'>;
  /** The new address, normalised (lower case). */
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Pending email changes in `email_changes`; only the latest per account works, consuming is one atomic update. */
export function createEmailChangeRepository(db: DocumentStore) {
  const changes = db.collection<EmailChangeDoc>('email_changes');
  return {
    async ensureIndexes(): Promise<void> {
      await changes.createIndex({ subjectId: 1 });
      await changes.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    async replaceFor(doc: EmailChangeDoc): Promise<void> {
      await changes.deleteMany({ subjectId: doc.subjectId });
      await changes.insertOne(doc);
    },
    /** The pending (unused, unexpired) change of an account, if any. */
    pendingFor: (subjectId: string, now: Date) => changes.findOne({ subjectId, usedAt: null, expiresAt: { $gt: now } }),
    consume: (hash: string, now: Date) =>
      changes.findOneAndUpdate({ _id: hash, usedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { returnDocument: 'after' }),
    async deleteFor(subjectId: string): Promise<void> {
      await changes.deleteMany({ subjectId });
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
