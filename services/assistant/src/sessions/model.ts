import type { ChatbotSource, Lang, MarketCode, Quote } from '@tm/contracts';
import type { PendingAction } from '../answer/confirm.ts';
import type { MaskVault } from '../answer/mask.ts';
import type { Usage } from '../provider/model.ts';

/** Who a session belongs to: a signed-in user (the token's sub) or whoever holds its secret (stored hashed). */
export type SessionOwner = { kind: 'user'; userId: string } | { kind: 'anonymous'; secretHash: string };

/** A chatbot session as stored (collection chatbot_sessions); it and its turns expire together at `expiresAt`. */
export interface SessionDoc {
  _id: string;
  owner: SessionOwner;
  lang: Lang;
  market: MarketCode;
  createdAt: Date;
  expiresAt: Date;
  /** Placeholders for masked contact details, so the provider never sees them and tools still can. */
  vault: MaskVault;
  pending?: PendingAction;
  [key: string]: unknown;
}

/** The stored answer of a turn. */
export interface StoredAnswer {
  text: string;
  sources: ChatbotSource[];
  quote?: Quote;
  fallback: boolean;
  usage?: Usage;
}

/**
 * One message and its answer (collection chatbot_turns). `_id` is `<session id>:<clientMessageId>`,
 * so the unique _id is the one conditional write that decides which of two identical requests
 * answers; the other replays or waits.
 */
export interface TurnDoc {
  _id: string;
  sessionId: string;
  clientMessageId: string;
  /** SHA-256 of the text, to tell a retry from a different message reusing the id. */
  textHash: string;
  text: string;
  /** The text as the provider saw it (masked), for later turns' history. */
  providerText: string;
  status: 'answering' | 'answered';
  startedAt: Date;
  answeredAt?: Date;
  answer?: StoredAnswer;
  expiresAt: Date;
  [key: string]: unknown;
}
