import { REVOCATIONS_PAGE, type RevocationFeed } from '@tm/contracts';
import { ACCESS_TTL_S, TOKEN_LEEWAY_S } from '@tm/shared/tokens';
import type { SessionRepository } from '../sessions/session-repository.ts';

/** How long after its revocation a session can still have an unexpired access token. */
export const REVOCATION_RELEVANCE_MS = (ACCESS_TTL_S + TOKEN_LEEWAY_S) * 1000;

/**
 * How far back each answer's `next` reaches: a revocation written with an earlier timestamp (a
 * slower replica, another auth replica's clock up to this skew, a write becoming visible late)
 * is still seen by the next poll. Repeats are harmless: the gateway's set is keyed by sid.
 */
export const REVOCATION_OVERLAP_MS = 5_000;

/**
 * The feed the gateways poll: sessions revoked since `since`, never older than an access token
 * can live (so a fresh gateway's first ask is bounded too), oldest first, a page at a time.
 */
export async function readRevocations(sessions: SessionRepository, since: number, now: number, page = REVOCATIONS_PAGE): Promise<RevocationFeed> {
  const from = Math.max(since, now - REVOCATION_RELEVANCE_MS);
  const docs = await sessions.revokedSince(new Date(from), page);
  const revoked = docs.flatMap((d) => (d.revokedAt ? [{ sid: d._id, until: d.revokedAt.getTime() + REVOCATION_RELEVANCE_MS }] : []));
  const more = docs.length >= page;
  const last = revoked.at(-1);
  // A full page continues from its last entry (inclusive, so equal timestamps are not skipped; +1 if the page never moved).
  const next = more && last ? Math.max(last.until - REVOCATION_RELEVANCE_MS, from + 1) : Math.max(from, now - REVOCATION_OVERLAP_MS);
  return { revoked, next, more };
}
