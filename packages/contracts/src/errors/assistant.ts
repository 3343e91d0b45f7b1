import type { ErrorStatusTable } from './common.ts';

/** The assistant's own error codes (the chatbot, design/assistant.md) and their statuses (the common codes come on top). */
export const ASSISTANT_ERROR_STATUS = {
  /** An unknown, expired or someone else's session (ids are not confirmable). */
  CHATBOT_SESSION_NOT_FOUND: 404,
  /** An X-Country that is not one of the markets (as everywhere). */
  INVALID_COUNTRY: 400,
  /** POST /chatbot/sessions with a body that does not fit (an unknown lang, another field). */
  INVALID_CHATBOT_SESSION: 400,
  /** A message body that does not fit: text 1-2000 characters, clientMessageId 1-100 visible ASCII. */
  INVALID_CHATBOT_MESSAGE: 400,
  /** The same clientMessageId while its first request is still being answered. */
  CHATBOT_MESSAGE_IN_PROGRESS: 409,
  /** A clientMessageId already used for a different text in this session. */
  CHATBOT_MESSAGE_ID_REUSED: 409,
} as const satisfies ErrorStatusTable;

export type AssistantErrorCode = keyof typeof ASSISTANT_ERROR_STATUS;
