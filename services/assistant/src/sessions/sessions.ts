import { timingSafeEqual } from 'node:crypto';
import { CHATBOT_SESSION_TTL_MS, type ChatbotMessage, type ChatbotSessionCreated, type ChatbotTranscript, type Lang, type MarketCode } from '@tm/contracts';
import { type Clock, DomainError, newId } from '@tm/shared';
import type { SessionDoc } from './model.ts';
import { type ChatbotStore, TRANSCRIPT_TURNS } from './repository.ts';

/** Who is calling: the verified token's user, and/or the X-Chatbot-Secret header as sent. */
export interface Caller {
  userId?: string;
  secret?: string;
}

function sha256Hex(value: string): string {
  return new Bun.CryptoHasher('sha256').update(value).digest('hex');
}

const notFound = () => new DomainError('CHATBOT_SESSION_NOT_FOUND', 'No such chatbot session');

/** A new session for the caller: tied to the signed-in user, or to a secret returned once (kept only as its hash). */
export async function createSession(store: ChatbotStore, clock: Clock, caller: Caller, lang: Lang, market: MarketCode): Promise<ChatbotSessionCreated> {
  const now = new Date(clock.now());
  const expiresAt = new Date(now.getTime() + CHATBOT_SESSION_TTL_MS);
  const secret = caller.userId ? undefined : Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const owner: SessionDoc['owner'] = caller.userId ? { kind: 'user', userId: caller.userId } : { kind: 'anonymous', secretHash: sha256Hex(secret as string) };
  const id = newId();
  await store.sessions.insertOne({ _id: id, owner, lang, market, createdAt: now, expiresAt, vault: {} });
  return { id, expiresAt: expiresAt.toISOString(), ...(secret ? { secret } : {}) };
}

function owns(session: SessionDoc, caller: Caller): boolean {
  if (session.owner.kind === 'user') return caller.userId === session.owner.userId;
  if (caller.secret === undefined) return false;
  const a = Buffer.from(sha256Hex(caller.secret), 'hex');
  const b = Buffer.from(session.owner.secretHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller's live session, or 404 CHATBOT_SESSION_NOT_FOUND: the same answer for an unknown id,
 * an expired session and someone else's, so ids cannot be confirmed. Expiry is checked here too,
 * since a TTL index removes documents only some time after they expire.
 */
export async function findOwnedSession(store: ChatbotStore, clock: Clock, id: string, caller: Caller): Promise<SessionDoc> {
  const session = await store.sessions.findOne({ _id: id, expiresAt: { $gt: new Date(clock.now()) } });
  if (!session || !owns(session, caller)) throw notFound();
  return session;
}

/** The transcript: the newest TRANSCRIPT_TURNS turns, oldest first, each the person's message and (once answered) the answer. */
export async function readTranscript(store: ChatbotStore, session: SessionDoc): Promise<ChatbotTranscript> {
  const turns = (await store.turns.find({ sessionId: session._id }, { sort: { startedAt: -1 }, limit: TRANSCRIPT_TURNS }).toArray()).reverse();
  const messages: ChatbotMessage[] = [];
  for (const turn of turns) {
    messages.push({ role: 'user', text: turn.text, at: turn.startedAt.toISOString() });
    const a = turn.answer;
    if (turn.status === 'answered' && a && turn.answeredAt) {
      messages.push({ role: 'assistant', text: a.text, sources: a.sources, ...(a.quote ? { quote: a.quote } : {}), at: turn.answeredAt.toISOString() });
    }
  }
  return { id: session._id, expiresAt: session.expiresAt.toISOString(), messages };
}
