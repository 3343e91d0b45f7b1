import type { Role } from '@tm/contracts';
import type { Doc, DocumentStore } from '@tm/shared';

/** Who a session belongs to: customers and guests live in `users`/nowhere, staff in `staff`. */
export type SubjectKind = 'customer' | 'staff' | 'guest';

/** A server-side session: refresh checks it is live; revoking it kills every token that names it. */
export interface SessionDoc extends Doc {
  _id: string;
  subjectId: string;
  subjectKind: SubjectKind;
  role: Role;
  /** The one refresh token minted for this session; a stale or forged one is refused. */
  refreshJti: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Sessions in the `sessions` collection; MongoDB's TTL index drops them once expired. */
export function createSessionRepository(db: DocumentStore) {
  const sessions = db.collection<SessionDoc>('sessions');
  return {
    async ensureIndexes(): Promise<void> {
      await sessions.createIndex({ subjectId: 1 });
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    },
    async insert(session: SessionDoc): Promise<void> {
      await sessions.insertOne(session);
    },
    /** The session when it exists, is unrevoked and unexpired at `now`. */
    async findLive(id: string, now: Date): Promise<SessionDoc | null> {
      return sessions.findOne({ _id: id, revokedAt: null, expiresAt: { $gt: now } });
    },
    /** Revokes every live session of a subject (password reset); returns how many. */
    async revokeAllFor(subjectId: string, now: Date): Promise<number> {
      const res = await sessions.updateMany({ subjectId, revokedAt: null }, { $set: { revokedAt: now } });
      return res.modifiedCount;
    },
    async revoke(id: string, now: Date): Promise<boolean> {
      const res = await sessions.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now } });
      return res.modifiedCount === 1;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
