import type { ChatEventType, ChatMessage, ConversationState, Role } from '@tm/contracts';

/**
 * Who takes part, as the conversation keys its members: the booking's customer `c:<userId>`, its
 * PM by talent profile `p:<pid>` (so a re-assignment moves the seat, not the person's history),
 * an admin `a:<userId>`. Read cursors and "messages from others" are by this key.
 */
export type MemberKey = string;

/** One conversation per booking (`_id` is the booking id), made on first use. */
export interface ConversationDoc {
  _id: string;
  bookingNumber: string;
  /** The booking's owner and assigned PM profile as bookings last said (refreshed on every use). */
  customerId: string;
  pmId: string | null;
  state: ConversationState;
  /** When an open conversation of a completed booking turns read-only by time alone, else null/absent. */
  readOnlyAt?: string | null;
  /** The event counter: the last seq allocated. */
  seq: number;
  lastMessage: { seq: number; at: string; sender: { role: Role }; preview: string } | null;
  /** ISO time of the latest message (or the creation): the list's order. */
  activityAt: string;
  /** Read cursor per member key (`reads.c:u1`); never moves back ($max). */
  reads: Record<MemberKey, number>;
  createdAt: string;
  [key: string]: unknown;
}

export interface MessageDoc {
  _id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  senderKey: MemberKey;
  sender: { id: string; role: Role; name?: string };
  clientMessageId: string;
  body: string;
  /** The text as sent, kept when masking changed it (admins see it); dropped on deletion. */
  original?: string;
  masked: boolean;
  createdAt: string;
  editedAt?: string;
  deleted: boolean;
  [key: string]: unknown;
}

/** The log: one entry per seq (a change, or `noop` for a seq allocated by a write that did not happen). */
export interface EventDoc {
  _id: string;
  conversationId: string;
  seq: number;
  type: ChatEventType | 'noop';
  messageId?: string;
  [key: string]: unknown;
}

/** A message as the API shows it; `original` only for admins. */
export function toMessage(doc: MessageDoc, viewerRole: Role): ChatMessage {
  return {
    id: doc._id,
    bookingId: doc.conversationId,
    seq: doc.seq,
    sender: { id: doc.sender.id, role: doc.sender.role, ...(doc.sender.name ? { name: doc.sender.name } : {}) },
    body: doc.body,
    masked: doc.masked,
    ...(viewerRole === 'admin' && doc.original !== undefined ? { original: doc.original } : {}),
    createdAt: doc.createdAt,
    ...(doc.editedAt ? { editedAt: doc.editedAt } : {}),
    deleted: doc.deleted,
  };
}

/** The list's preview of a message: its first 120 characters, "" once deleted. */
export function previewOf(doc: Pick<MessageDoc, 'body' | 'deleted'>): string {
  return doc.deleted ? '' : [...doc.body].slice(0, 120).join('');
}
