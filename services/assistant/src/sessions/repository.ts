import type { DocumentCollection, DocumentStore } from '@tm/shared/store';
import type { SessionDoc, TurnDoc } from './model.ts';

export const SESSIONS = 'chatbot_sessions';
export const TURNS = 'chatbot_turns';
/** How many earlier turns a transcript shows and the model is given (the newest ones). */
export const TRANSCRIPT_TURNS = 100;

/** The assistant's two collections, and the indexes that make transcripts expire with their session. */
export interface ChatbotStore {
  sessions: DocumentCollection<SessionDoc>;
  turns: DocumentCollection<TurnDoc>;
  ensureIndexes(): Promise<void>;
}

export function createChatbotStore(documents: DocumentStore): ChatbotStore {
  const sessions = documents.collection<SessionDoc>(SESSIONS);
  const turns = documents.collection<TurnDoc>(TURNS);
  return {
    sessions,
    turns,
    async ensureIndexes() {
      // TTL at expiresAt itself: a session and every turn of it go at the same moment.
      await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires' });
      await turns.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires' });
      await turns.createIndex({ sessionId: 1, startedAt: 1 }, { name: 'session_turns' });
    },
  };
}
