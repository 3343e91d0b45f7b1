import type { Doc, DocumentStore } from '@tm/shared/store';
import type { SubjectKind } from '../sessions/session-repository.ts';

/** A pending email change: the new address waits here until its owner follows the mailed link. */
export interface EmailChangeDoc extends Doc {
  /** The change's id (the link mail's outbox message names it). */
  _id: string;
  subjectId: string;
  subjectKind: Exclude<SubjectKind, 'guest'>;
  /** The new address, normalised (lower case). */
  email: string;
  /**
   * SHA-256 of the mailed link's token (never the token), set by the link mail's delivery; null
   * until then. A retried delivery sets a new one, so only the newest mailed link works.
   */
  tokenHash: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Pending email changes in `email_changes`; only the latest per account works, consuming is one atomic update. */
export function createEmailChangeRepository(db: DocumentStore) {
  const changes = db.collection<EmailChangeDoc>('email_changes');
  const live = (now: Date) => ({ usedAt: null, expiresAt: { $gt: now } });
  return {
    async ensureIndexes(): Promise<void> {
      await changes.createIndex({ subjectId: 1 });
      await changes.createIndex({ tokenHash: 1 });
      await changes.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    /** Stores a new change in place of the account's older one (whose link stops working). */
    async replaceFor(doc: EmailChangeDoc): Promise<void> {
      await changes.deleteMany({ subjectId: doc.subjectId });
      await changes.insertOne(doc);
    },
    /** The pending (unused, unexpired) change of an account, if any. */
    pendingFor: (subjectId: string, now: Date) => changes.findOne({ subjectId, ...live(now) }),
    /** Sets the hash of a newly minted link's token on a live change (replacing an earlier one); the change, or null when it is gone, used or expired. */
    setToken: (id: string, tokenHash: string, now: Date) =>
      changes.findOneAndUpdate({ _id: id, ...live(now) }, { $set: { tokenHash } }, { returnDocument: 'after' }),
    consume: (hash: string, now: Date) =>
      // `_id: hash`: a change stored before the link mails went through the outbox kept the hash as its id (they live 24 h).
      changes.findOneAndUpdate({ $or: [{ tokenHash: hash }, { _id: hash }], ...live(now) }, { $set: { usedAt: now } }, { returnDocument: 'after' }),
    async deleteFor(subjectId: string): Promise<void> {
      await changes.deleteMany({ subjectId });
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
