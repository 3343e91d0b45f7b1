import type { Role } from '@tm/contracts';
import type { Doc, DocumentStore } from '@tm/shared/store';

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
  /** When the subject signed in: the session's auth time (deletion asks for a recent one). */
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** Last refresh or account call (written at most once a minute). */
  lastUsedAt?: Date;
  /** The User-Agent the session was opened with, cut to 256 characters. */
  userAgent?: string;
  /**
   * The subject's credentials version when the session was opened (or kept by a password change):
   * a session whose version is behind its account's is dead, whether or not `revokedAt` was written.
   */
  credentialsVersion?: number;
}

/** Sessions in the `sessions` collection; MongoDB's TTL index drops them once expired. */
export function createSessionRepository(db: DocumentStore) {
  const sessions = db.collection<SessionDoc>('sessions');
  return {
    async ensureIndexes(): Promise<void> {
      await sessions.createIndex({ subjectId: 1 });
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await sessions.createIndex({ revokedAt: 1 });
    },
    async insert(session: SessionDoc): Promise<void> {
      await sessions.insertOne(session);
    },
    /** The session when it exists, is unrevoked and unexpired at `now`. */
    async findLive(id: string, now: Date): Promise<SessionDoc | null> {
      return sessions.findOne({ _id: id, revokedAt: null, expiresAt: { $gt: now } });
    },
    /** Revokes every live session of a subject (password reset), but `exceptId` when given; returns how many. */
    async revokeAllFor(subjectId: string, now: Date, exceptId?: string): Promise<number> {
      const filter = exceptId === undefined ? { subjectId, revokedAt: null } : { subjectId, revokedAt: null, _id: { $ne: exceptId } };
      const res = await sessions.updateMany(filter, { $set: { revokedAt: now } });
      return res.modifiedCount;
    },
    /** A subject's unrevoked, unexpired sessions, newest first. */
    listLive(subjectId: string, now: Date): Promise<SessionDoc[]> {
      return sessions.find({ subjectId, revokedAt: null, expiresAt: { $gt: now } }, { sort: { createdAt: -1 }, limit: 200 }).toArray();
    },
    /** Every session of a subject, revoked or not (the export). */
    listAll(subjectId: string): Promise<SessionDoc[]> {
      return sessions.find({ subjectId }, { sort: { createdAt: -1 } }).toArray();
    },
    /** Revokes one session of `subjectId` (never another subject's); true when it was live. */
    async revokeOwned(id: string, subjectId: string, now: Date): Promise<boolean> {
      const res = await sessions.updateOne({ _id: id, subjectId, revokedAt: null }, { $set: { revokedAt: now } });
      return res.modifiedCount === 1;
    },
    /** Sessions revoked at or after `since` (the revocation feed the gateway polls). */
    revokedSince(since: Date, limit: number): Promise<SessionDoc[]> {
      return sessions.find({ revokedAt: { $gte: since } }, { sort: { revokedAt: 1 }, limit, projection: { _id: 1, revokedAt: 1 } }).toArray();
    },
    /** Records use of a live session. */
    async touch(id: string, now: Date): Promise<void> {
      await sessions.updateOne({ _id: id, revokedAt: null }, { $set: { lastUsedAt: now } });
    },
    /** Moves a live session to a new credentials version and refresh token (the session a password change keeps). */
    async renew(id: string, credentialsVersion: number, refreshJti: string, now: Date): Promise<boolean> {
      const res = await sessions.updateOne({ _id: id, revokedAt: null }, { $set: { credentialsVersion, refreshJti, lastUsedAt: now } });
      return res.modifiedCount === 1;
    },
    /** Drops what identifies a person's devices from their sessions (account deletion). */
    async forgetDevices(subjectId: string): Promise<void> {
      await sessions.updateMany({ subjectId }, { $unset: { userAgent: '' } });
    },
    async revoke(id: string, now: Date): Promise<boolean> {
      const res = await sessions.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: now } });
      return res.modifiedCount === 1;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
