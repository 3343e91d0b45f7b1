import { t } from 'elysia';
import { RoleSchema } from './tokens.ts';

/** Limits and windows of the chat per booking (design/chat.md). */
export const MAX_CHAT_MESSAGE_LENGTH = 4000;
export const MAX_CHAT_CLIENT_MESSAGE_ID_LENGTH = 64;
export const DEFAULT_CHAT_PAGE_LIMIT = 50;
export const MAX_CHAT_PAGE_LIMIT = 100;
/** A message may be edited by its sender for 15 minutes after it was sent. */
export const CHAT_EDIT_WINDOW_MS = 15 * 60_000;
/** A completed booking's conversation turns read-only 30 days after completion. */
export const CHAT_READ_ONLY_AFTER_COMPLETION_MS = 30 * 24 * 60 * 60_000;
/** A stream ticket is single use and lives 60 s. */
export const CHAT_STREAM_TICKET_TTL_MS = 60_000;
/** 20 messages a minute per sender per conversation. */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** What a masked contact detail is replaced with. */
export const CHAT_MASK = '[hidden]';
/** The stream's event names: a new message, an edit, a deletion. */
export const CHAT_EVENT_TYPES = ['message', 'message.updated', 'message.deleted'] as const;
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];
/** A conversation is `open`, or `read_only` after cancellation, expiry or 30 days past completion. */
export const CONVERSATION_STATES = ['open', 'read_only'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

const Seq = (description: string) => t.Integer({ minimum: 0, description });

export const ChatSenderSchema = t.Object(
  {
    id: t.String({ description: 'The sender account (the `sub` claim); empty after the account was erased' }),
    role: RoleSchema,
    name: t.Optional(t.String({ description: "The PM's name; absent for customers and after erasure" })),
  },
  { title: 'ChatSender' },
);
export type ChatSender = typeof ChatSenderSchema.static;

/** One message of a conversation. */
export const ChatMessageSchema = t.Object(
  {
    id: t.String(),
    bookingId: t.String(),
    seq: Seq("The conversation's event counter at the message's creation; strictly growing, gaps allowed"),
    sender: ChatSenderSchema,
    body: t.String({ description: 'The text as stored (masked before the booking is confirmed); "" once deleted' }),
    masked: t.Boolean({ description: 'True when contact details were replaced by [hidden]' }),
    original: t.Optional(t.String({ description: 'Admins only: the text as sent, when it was masked' })),
    createdAt: t.String({ format: 'date-time' }),
    editedAt: t.Optional(t.String({ format: 'date-time' })),
    deleted: t.Boolean(),
  },
  { title: 'ChatMessage' },
);
export type ChatMessage = typeof ChatMessageSchema.static;

export const ChatLastMessageSchema = t.Object(
  {
    seq: t.Integer({ minimum: 0 }),
    at: t.String({ format: 'date-time' }),
    sender: t.Object({ role: RoleSchema }),
    preview: t.String({ description: 'The first 120 characters of the (masked) body; "" when deleted' }),
  },
  { title: 'ChatLastMessage' },
);

/** One entry of GET /chat/conversations. */
export const ChatConversationSchema = t.Object(
  {
    bookingId: t.String(),
    bookingNumber: t.String(),
    status: t.UnionEnum(CONVERSATION_STATES, { description: 'open, or read_only after cancellation, expiry or 30 days past completion' }),
    lastMessage: t.Union([ChatLastMessageSchema, t.Null()]),
    unread: t.Integer({ minimum: 0, description: "Messages from others, not deleted, above the caller's read cursor" }),
  },
  { title: 'ChatConversation' },
);
export type ChatConversation = typeof ChatConversationSchema.static;

/** POST /chat/{bookingId}/messages. */
export const SendChatMessageBodySchema = t.Object(
  {
    body: t.String({ minLength: 1, maxLength: MAX_CHAT_MESSAGE_LENGTH, description: '1-4000 characters after trimming' }),
    clientMessageId: t.String({
      pattern: `^[\\x21-\\x7e]{1,${MAX_CHAT_CLIENT_MESSAGE_ID_LENGTH}}$`,
      description: 'Chosen by the client, 1-64 visible ASCII characters; the same id again from the same sender answers the first message',
    }),
  },
  { title: 'SendChatMessageBody', additionalProperties: false },
);
export type SendChatMessageBody = typeof SendChatMessageBodySchema.static;

/** PATCH /chat/{bookingId}/messages/{messageId}. */
export const EditChatMessageBodySchema = t.Object(
  { body: t.String({ minLength: 1, maxLength: MAX_CHAT_MESSAGE_LENGTH, description: '1-4000 characters after trimming' }) },
  { title: 'EditChatMessageBody', additionalProperties: false },
);
export type EditChatMessageBody = typeof EditChatMessageBodySchema.static;

/** POST /chat/{bookingId}/read. */
export const ChatReadBodySchema = t.Object(
  { seq: t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Everything up to this seq has been read' }) },
  { title: 'ChatReadBody', additionalProperties: false },
);
export type ChatReadBody = typeof ChatReadBodySchema.static;

export const ChatReadStateSchema = t.Object(
  {
    readSeq: t.Integer({ minimum: 0, description: 'Never moves back' }),
    unread: t.Integer({ minimum: 0 }),
  },
  { title: 'ChatReadState' },
);
export type ChatReadState = typeof ChatReadStateSchema.static;

/** POST /chat/stream-tickets. */
export const ChatStreamTicketBodySchema = t.Object(
  { bookingId: t.String({ minLength: 1, maxLength: 100 }) },
  { title: 'ChatStreamTicketBody', additionalProperties: false },
);
export type ChatStreamTicketBody = typeof ChatStreamTicketBodySchema.static;

export const ChatStreamTicketSchema = t.Object(
  {
    ticket: t.String({ description: 'Single use, bound to the caller and the booking: GET /chat/{bookingId}/stream?ticket=...' }),
    expiresAt: t.String({ format: 'date-time' }),
  },
  { title: 'ChatStreamTicket' },
);
export type ChatStreamTicket = typeof ChatStreamTicketSchema.static;

/**
 * One event of GET /chat/{bookingId}/stream (text/event-stream): `id: <seq>`, `event: <name>` and
 * the message JSON as `data:`. Described for the OpenAPI document; the stream itself is SSE framing.
 */
export const ChatStreamEventSchema = t.Object(
  {
    id: t.Integer({ minimum: 0, description: 'The seq of the change; send it back as Last-Event-ID to resume' }),
    event: t.UnionEnum(CHAT_EVENT_TYPES),
    data: ChatMessageSchema,
  },
  {
    title: 'ChatStreamEvent',
    description:
      'One change of the conversation: `message` (new), `message.updated` (edited) or `message.deleted` (a tombstone). A reconnect with Last-Event-ID (or ?after) first replays every change after that seq. A `: ping` comment line comes at least every 8 s.',
  },
);
