import type { ErrorStatusTable } from './common.ts';

/**
 * The messaging service's own error codes (chat per booking, design/chat.md) and their statuses
 * (the common codes come on top). A conversation the caller may not see is 404, never 403.
 */
export const MESSAGING_ERROR_STATUS = {
  INVALID_MESSAGE: 400,
  INVALID_CLIENT_MESSAGE_ID: 400,
  INVALID_SEQ: 400,
  CONVERSATION_NOT_FOUND: 404,
  MESSAGE_NOT_EDITABLE: 409,
  CONVERSATION_READ_ONLY: 409,
} as const satisfies ErrorStatusTable;

export type MessagingErrorCode = keyof typeof MESSAGING_ERROR_STATUS;
