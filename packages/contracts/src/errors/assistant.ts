import type { ErrorStatusTable } from './common.ts';

/** The assistant's own error codes (the chatbot, design/assistant.md) and their statuses (the common codes come on top). */
export const ASSISTANT_ERROR_STATUS = {
  CHATBOT_SESSION_NOT_FOUND: 404,
} as const satisfies ErrorStatusTable;

export type AssistantErrorCode = keyof typeof ASSISTANT_ERROR_STATUS;
