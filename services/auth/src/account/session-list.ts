import type { SessionView } from '@tm/contracts';
import type { SessionDoc } from '../sessions/session-repository.ts';

/** A session as its owner sees it; `currentId` is the session of the asking token. */
export function viewSession(doc: SessionDoc, currentId: string): SessionView {
  return {
    id: doc._id,
    createdAt: doc.createdAt.toISOString(),
    lastUsedAt: (doc.lastUsedAt ?? doc.createdAt).toISOString(),
    userAgent: doc.userAgent ?? null,
    current: doc._id === currentId,
  };
}
