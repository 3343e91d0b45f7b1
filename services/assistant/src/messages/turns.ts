import { type Clock, DomainError } from '@tm/shared';
import { isDuplicateKeyError } from '@tm/shared/store';
import type { ChatMessage } from '../provider/model.ts';
import type { SessionDoc, StoredAnswer, TurnDoc } from '../sessions/model.ts';
import type { ChatbotStore } from '../sessions/repository.ts';

/** Earlier turns the model is given as history. */
const HISTORY_TURNS = 10;

function sha256Hex(value: string): string {
  return new Bun.CryptoHasher('sha256').update(value).digest('hex');
}

/** What to do with a message: answer it (this request won the turn), or replay the stored answer. */
export type Claim = { kind: 'answer'; turn: TurnDoc } | { kind: 'replay'; turn: TurnDoc & { answer: StoredAnswer } };

/**
 * Claims the turn of `clientMessageId` in one conditional write (the insert of its unique _id):
 * of two identical requests exactly one answers. The same id again replays the stored answer,
 * is 409 CHATBOT_MESSAGE_IN_PROGRESS while the first is still answering (a turn abandoned for
 * longer than `staleMs` is taken over), and 409 CHATBOT_MESSAGE_ID_REUSED with another text.
 */
export async function claimTurn(
  store: ChatbotStore,
  clock: Clock,
  session: SessionDoc,
  clientMessageId: string,
  text: string,
  staleMs: number,
): Promise<Claim> {
  const now = new Date(clock.now());
  const turn: TurnDoc = {
    _id: `${session._id}:${clientMessageId}`,
    sessionId: session._id,
    clientMessageId,
    textHash: sha256Hex(text),
    text,
    providerText: '',
    status: 'answering',
    startedAt: now,
    expiresAt: session.expiresAt,
  };
  try {
    await store.turns.insertOne(turn);
    return { kind: 'answer', turn };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const existing = await store.turns.findOne({ _id: turn._id });
  if (!existing) return claimTurn(store, clock, session, clientMessageId, text, staleMs);
  if (existing.textHash !== turn.textHash) throw new DomainError('CHATBOT_MESSAGE_ID_REUSED', 'This clientMessageId was already used for another message');
  if (existing.status === 'answered' && existing.answer) return { kind: 'replay', turn: existing as TurnDoc & { answer: StoredAnswer } };
  if (existing.startedAt.getTime() < now.getTime() - staleMs) {
    const taken = await store.turns.updateOne({ _id: turn._id, status: 'answering', startedAt: existing.startedAt }, { $set: { startedAt: now } });
    if (taken.modifiedCount === 1) return { kind: 'answer', turn: { ...existing, startedAt: now } };
  }
  throw new DomainError('CHATBOT_MESSAGE_IN_PROGRESS', 'This message is still being answered; send the same request again shortly to get its answer');
}

/** Stores the answer of a claimed turn (only while this request still holds it). */
export async function finishTurn(store: ChatbotStore, clock: Clock, turn: TurnDoc, providerText: string, answer: StoredAnswer): Promise<void> {
  await store.turns.updateOne(
    { _id: turn._id, status: 'answering', startedAt: turn.startedAt },
    { $set: { status: 'answered', providerText, answer, answeredAt: new Date(clock.now()) } },
  );
}

/** Gives a turn up (the person went away, or answering failed) so the same request can be sent again. */
export async function abandonTurn(store: ChatbotStore, turn: TurnDoc): Promise<void> {
  await store.turns.deleteOne({ _id: turn._id, status: 'answering', startedAt: turn.startedAt });
}

/** The last answered turns of the session up to `turn`, as the model saw them. */
export async function historyOf(store: ChatbotStore, turn: TurnDoc): Promise<ChatMessage[]> {
  const filter = { sessionId: turn.sessionId, status: 'answered', startedAt: { $lte: turn.startedAt }, _id: { $ne: turn._id } };
  const turns = await store.turns.find(filter, { sort: { startedAt: -1 }, limit: HISTORY_TURNS }).toArray();
  return turns.reverse().flatMap((t): ChatMessage[] => [
    { role: 'user', content: t.providerText },
    { role: 'assistant', content: t.answer?.text ?? '' },
  ]);
}
