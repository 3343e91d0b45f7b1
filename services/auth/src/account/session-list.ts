import type { SessionDoc } from '../sessions/session-repository.ts';

/** One entry of `GET /account/sessions`. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

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

/** `POST /account/sign-out` scopes: this session, every other one, or all of them. */
export const SIGN_OUT_SCOPES = ['current', 'others', 'all'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];
