import type { ChatEventType, ConversationState } from '@tm/contracts';
import type { DocumentStore, Filter } from '@tm/shared/store';
import { type ConversationDoc, type EventDoc, type MemberKey, type MessageDoc, previewOf } from './model.ts';

export const CONVERSATIONS = 'conversations';
export const MESSAGES = 'messages';
export const EVENTS = 'events';

/** What bookings says of a booking, as the conversation keeps it. */
export interface ConversationFacts {
  bookingNumber: string;
  customerId: string;
  pmId: string | null;
  state: ConversationState;
  /** When an open conversation of a completed booking turns read-only (30 days past completion), else null. */
  readOnlyAt: string | null;
}

/**
 * The messaging database: conversations (one per booking, with the seq counter and read
 * cursors), messages (unique per sender and clientMessageId) and the log of changes by seq
 * that streams read and replay from. Every seq is allocated by one atomic `$inc`, so two
 * writers, on one replica or several, never get the same one.
 */
export function createChatRepository(documents: DocumentStore) {
  const conversations = documents.collection<ConversationDoc>(CONVERSATIONS);
  const messages = documents.collection<MessageDoc>(MESSAGES);
  const events = documents.collection<EventDoc>(EVENTS);

  return {
    conversations,
    messages,
    events,

    async ensureIndexes(): Promise<void> {
      await conversations.createIndex({ customerId: 1, activityAt: -1 }, { name: 'by_customer' });
      await conversations.createIndex({ pmId: 1, activityAt: -1 }, { name: 'by_pm' });
      await conversations.createIndex({ activityAt: -1 }, { name: 'by_activity' });
      await messages.createIndex({ conversationId: 1, senderId: 1, clientMessageId: 1 }, { unique: true, name: 'client_message_unique' });
      await messages.createIndex({ conversationId: 1, seq: 1 }, { name: 'by_seq' });
      await messages.createIndex({ senderId: 1 }, { name: 'by_sender' });
      await events.createIndex({ conversationId: 1, seq: 1 }, { name: 'by_seq' });
    },

    /** The booking's conversation, made on first use; its members and state follow what bookings said. */
    async ensureConversation(bookingId: string, facts: ConversationFacts, nowIso: string): Promise<ConversationDoc> {
      const doc = await conversations.findOneAndUpdate(
        { _id: bookingId },
        {
          $set: { bookingNumber: facts.bookingNumber, customerId: facts.customerId, pmId: facts.pmId, state: facts.state, readOnlyAt: facts.readOnlyAt },
          $setOnInsert: { seq: 0, lastMessage: null, activityAt: nowIso, reads: {}, createdAt: nowIso },
        },
        { upsert: true, returnDocument: 'after' },
      );
      if (!doc) throw new Error(`conversation ${bookingId} was not written`);
      return doc;
    },

    findConversation(bookingId: string): Promise<ConversationDoc | null> {
      return conversations.findOne({ _id: bookingId });
    },

    /** The next seq of the conversation (one atomic increment). */
    async allocateSeq(bookingId: string): Promise<number> {
      const doc = await conversations.findOneAndUpdate({ _id: bookingId }, { $inc: { seq: 1 } }, { returnDocument: 'after' });
      if (!doc) throw new Error(`conversation ${bookingId} is missing`);
      return doc.seq;
    },

    appendEvent(bookingId: string, seq: number, type: ChatEventType | 'noop', messageId?: string): Promise<unknown> {
      return events.insertOne({ _id: `${bookingId}:${seq}`, conversationId: bookingId, seq, type, ...(messageId ? { messageId } : {}) });
    },

    findMessage(bookingId: string, messageId: string): Promise<MessageDoc | null> {
      return messages.findOne({ _id: messageId, conversationId: bookingId });
    },

    findByClientId(bookingId: string, senderId: string, clientMessageId: string): Promise<MessageDoc | null> {
      return messages.findOne({ conversationId: bookingId, senderId, clientMessageId });
    },

    /**
     * Messages by ascending seq: after `after`, or before `before` (the newest ones below it), or
     * without either the newest `limit`.
     */
    async listMessages(bookingId: string, q: { after?: number; before?: number; limit: number }): Promise<MessageDoc[]> {
      const seq: Record<string, number> = {};
      if (q.after !== undefined) seq.$gt = q.after;
      if (q.before !== undefined) seq.$lt = q.before;
      const filter: Filter = { conversationId: bookingId, ...(Object.keys(seq).length > 0 ? { seq } : {}) };
      if (q.after !== undefined) return messages.find(filter, { sort: { seq: 1 }, limit: q.limit }).toArray();
      const newest = await messages.find(filter, { sort: { seq: -1 }, limit: q.limit }).toArray();
      return newest.reverse();
    },

    /** The log after `seq`, in order. */
    eventsAfter(bookingId: string, seq: number, limit: number): Promise<EventDoc[]> {
      return events.find({ conversationId: bookingId, seq: { $gt: seq } }, { sort: { seq: 1 }, limit }).toArray();
    },

    async lastEventSeq(bookingId: string): Promise<number> {
      const last = await events.findOne({ conversationId: bookingId }, { sort: { seq: -1 } });
      return last?.seq ?? 0;
    },

    messagesByIds(ids: readonly string[]): Promise<MessageDoc[]> {
      return messages.find({ _id: { $in: [...ids] } }).toArray();
    },

    /** The conversation's list entry follows its newest message (never an older one that finished writing later). */
    async touchLastMessage(bookingId: string, m: MessageDoc): Promise<void> {
      await conversations.updateOne(
        { _id: bookingId, $or: [{ lastMessage: null }, { 'lastMessage.seq': { $lt: m.seq } }] },
        { $set: { lastMessage: { seq: m.seq, at: m.createdAt, sender: { role: m.sender.role }, preview: previewOf(m) }, activityAt: m.createdAt } },
      );
    },

    /** After an edit or deletion of the newest message, its preview follows. */
    async refreshPreview(bookingId: string, m: MessageDoc): Promise<void> {
      await conversations.updateOne({ _id: bookingId, 'lastMessage.seq': m.seq }, { $set: { 'lastMessage.preview': previewOf(m) } });
    },

    /** Moves a member's read cursor up to `seq` (never back); the cursor as it is now. */
    async markRead(bookingId: string, member: MemberKey, seq: number): Promise<number> {
      const doc = await conversations.findOneAndUpdate({ _id: bookingId }, { $max: { [`reads.${member}`]: seq } }, { returnDocument: 'after' });
      return doc?.reads?.[member] ?? 0;
    },

    /** Messages from others, not deleted, above the member's cursor. */
    unread(bookingId: string, member: MemberKey, readSeq: number): Promise<number> {
      return messages.countDocuments({ conversationId: bookingId, seq: { $gt: readSeq }, deleted: false, senderKey: { $ne: member } });
    },

    /** The oldest unread message of a member (for the offline mail). */
    oldestUnread(bookingId: string, member: MemberKey, readSeq: number): Promise<MessageDoc | null> {
      return messages.findOne({ conversationId: bookingId, seq: { $gt: readSeq }, deleted: false, senderKey: { $ne: member } }, { sort: { seq: 1 } });
    },

    async listConversations(filter: Filter, page: number, limit: number): Promise<{ docs: ConversationDoc[]; total: number }> {
      const [docs, total] = await Promise.all([
        conversations.find(filter, { sort: { activityAt: -1, _id: 1 }, skip: (page - 1) * limit, limit }).toArray(),
        conversations.countDocuments(filter),
      ]);
      return { docs, total };
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
