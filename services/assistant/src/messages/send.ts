import type { ToolContext, UpstreamClient } from '@tm/agent-tools';
import type { ChatbotEvent } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { type AnswerDeps, answerMessage } from '../answer/answer.ts';
import type { SessionDoc, StoredAnswer, TurnDoc } from '../sessions/model.ts';
import type { ChatbotStore } from '../sessions/repository.ts';
import { countMessage, type MessageLimits } from './limits.ts';
import { abandonTurn, type Claim, claimTurn, finishTurn, historyOf } from './turns.ts';

/** What sending a message needs. */
export interface MessageDeps {
  store: ChatbotStore;
  keyValue: KeyValueStore;
  clock: Clock;
  limits: MessageLimits;
  answer: AnswerDeps;
  upstream: UpstreamClient;
  origin: string;
  /** A turn still answering after this long was abandoned (its process died): the same request may take it over. */
  staleTurnMs: number;
}

/** Claims the message's turn, counting a new one against the quotas (a replay is free). */
export async function startMessage(deps: MessageDeps, session: SessionDoc, clientMessageId: string, text: string, clientIp: string): Promise<Claim> {
  const claim = await claimTurn(deps.store, deps.clock, session, clientMessageId, text, deps.staleTurnMs);
  if (claim.kind === 'replay') return claim;
  try {
    await countMessage(deps.keyValue, deps.limits, session._id, clientIp);
  } catch (err) {
    await abandonTurn(deps.store, claim.turn);
    throw err;
  }
  return claim;
}

/**
 * Answers a claimed turn, emitting the stream's events, and stores the answer with the session's
 * new placeholders and pending confirmation. The person going away (or a store failure) gives the
 * turn up, so the same request can be sent again; it is never left half-stored.
 */
export async function answerTurn(
  deps: MessageDeps,
  session: SessionDoc,
  turn: TurnDoc,
  requestId: string,
  emit: (event: ChatbotEvent) => void,
  signal: AbortSignal,
  /** The person's address, forwarded to the services the tools call (per-IP limits count the person). */
  clientIp?: string,
): Promise<StoredAnswer> {
  const vault = { ...session.vault };
  const ctx: ToolContext = {
    upstream: deps.upstream,
    origin: deps.origin,
    call: { requestId, country: session.market, lang: session.lang, clientIp },
    bearer: { outcome: 'refuse', code: 'FORBIDDEN', message: 'The assistant acts for nobody with a token' },
  };
  try {
    const history = await historyOf(deps.store, turn);
    const result = await answerMessage(
      { text: turn.text, history, vault, market: session.market, lang: session.lang, pending: session.pending, ctx, signal },
      deps.answer,
      emit,
    );
    if (signal.aborted) throw new Error('the client went away before the answer was stored');
    const answer: StoredAnswer = {
      text: result.text,
      sources: result.sources,
      fallback: result.fallback,
      ...(result.quote ? { quote: result.quote } : {}),
      ...(result.usage ? { usage: result.usage } : {}),
    };
    // New placeholders are set one field each, so two answers of one session never drop each other's.
    const added = Object.fromEntries(
      Object.entries(vault)
        .filter(([k]) => !(k in session.vault))
        .map(([k, v]) => [`vault.${k}`, v]),
    );
    const sessionUpdate = result.pending
      ? { $set: { ...added, pending: result.pending } }
      : { ...(Object.keys(added).length ? { $set: added } : {}), $unset: { pending: '' } };
    await deps.store.sessions.updateOne({ _id: session._id }, sessionUpdate);
    await finishTurn(deps.store, deps.clock, turn, result.providerText, answer);
    emit({ event: 'done', data: { fallback: answer.fallback, ...(answer.usage ? { usage: answer.usage } : {}) } });
    return answer;
  } catch (err) {
    await abandonTurn(deps.store, turn).catch(() => {});
    throw err;
  }
}

/** A stored answer as the stream's events, for a replay. */
export function replayEvents(answer: StoredAnswer): ChatbotEvent[] {
  return [
    { event: 'meta', data: { sources: answer.sources } },
    ...(answer.text ? [{ event: 'delta' as const, data: { text: answer.text } }] : []),
    ...(answer.quote ? [{ event: 'quote' as const, data: answer.quote }] : []),
    { event: 'done', data: { fallback: answer.fallback, ...(answer.usage ? { usage: answer.usage } : {}) } },
  ];
}
