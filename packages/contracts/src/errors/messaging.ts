import type { ErrorStatusTable } from './common.ts';

/**
 * The messaging service's own error codes (chat per booking, design/chat.md) and their statuses
 * (the common codes come on top). A conversation the caller may not see is 404, never 403.
 */
export const MESSAGING_ERROR_STATUS = {
  /** A message body that does not fit: 1-4000 characters after trimming, no other field. */
  INVALID_MESSAGE: 400,
  /** A clientMessageId that is not 1-64 visible ASCII characters. */
  INVALID_CLIENT_MESSAGE_ID: 400,
  /** A seq (read cursor, after, before, Last-Event-ID) that is not a whole number from 0. */
  INVALID_SEQ: 400,
  /** `limit` outside 1-100. */
  INVALID_LIMIT: 400,
  /** `page` not a whole number from 1. */
  INVALID_PAGE: 400,
  /** A body that is not the operation's shape (the stream-ticket request). */
  INVALID_BODY: 400,
  /** A booking id or message id in the path that cannot be one. */
  INVALID_ID: 400,
  /** A booking the caller may not see, or that does not exist. */
  CONVERSATION_NOT_FOUND: 404,
  /** No such message in this conversation. */
  MESSAGE_NOT_FOUND: 404,
  /** Edit or delete by someone who may not, or an edit after 15 minutes or of a deleted message. */
  MESSAGE_NOT_EDITABLE: 409,
  /** Writing to a conversation whose booking was cancelled, expired or completed 30 days ago or more. */
  CONVERSATION_READ_ONLY: 409,
  /** A stream ticket that is unknown, used, expired, or for another booking. */
  INVALID_STREAM_TICKET: 401,
} as const satisfies ErrorStatusTable;

export type MessagingErrorCode = keyof typeof MESSAGING_ERROR_STATUS;
