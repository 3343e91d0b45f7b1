import {
  type BookingFacts,
  CHAT_EDIT_WINDOW_MS,
  CHAT_READ_ONLY_AFTER_COMPLETION_MS,
  CHAT_STREAM_TICKET_TTL_MS,
  type ChatConversation,
  type ChatMessage,
  type ChatReadState,
  type ChatStreamTicket,
} from '@tm/contracts';
import { type Clock, DomainError, newId } from '@tm/shared';
import { isDuplicateKeyError, type KeyValueStore } from '@tm/shared/store';
import type { Caller } from '@tm/shared/tokens/callers';
import type { Masker } from '../masking/mask.ts';
import type { Notices } from '../stream/notices.ts';
import { type FactsReader, masksContacts, memberOf, stateOf } from './access.ts';
import { type ConversationDoc, type MemberKey, type MessageDoc, toMessage } from './model.ts';
import type { ChatRepository } from './repository.ts';

export interface ChatDeps {
  repo: ChatRepository;
  facts: FactsReader;
  notices: Notices;
  keyValue: KeyValueStore;
  clock: Clock;
  mask: Masker;
  /** Messages a minute per sender per conversation (20). */
  perMinute: number;
}

/** A booking's conversation as one caller may use it. */
export interface Seat {
  caller: Caller;
  facts: BookingFacts;
  member: MemberKey;
  conversation: ConversationDoc;
}

/** A stream ticket as stored: who, for which booking. */
interface TicketDoc {
  sub: string;
  role: Caller['role'];
  pid?: string;
  bookingId: string;
}

const notFound = () => new DomainError('CONVERSATION_NOT_FOUND', 'No such conversation');
const readOnly = () => new DomainError('CONVERSATION_READ_ONLY', 'This conversation is read-only: the booking was cancelled, expired or completed 30 days ago');

/** The chat's rules (design/chat.md), over the repository; routes only read input and shape answers. */
export function createChat(deps: ChatDeps) {
  const { repo, clock } = deps;
  const nowIso = () => new Date(clock.now()).toISOString();

  /** The caller's seat in the booking's conversation (made on first use): 404 when the booking is not theirs or not there. */
  async function seatOf(caller: Caller, bookingId: string): Promise<Seat> {
    const facts = await deps.facts(bookingId);
    if (!facts) throw notFound();
    const member = memberOf(caller, facts);
    if (!member) throw notFound();
    const state = stateOf(facts, clock.now());
    // An open conversation of a completed booking keeps when it turns read-only, so the list can tell without asking bookings.
    const doneAt = state === 'open' && facts.status === 'completed' ? Date.parse(facts.completedAt ?? facts.updatedAt) : Number.NaN;
    const readOnlyAt = Number.isNaN(doneAt) ? null : new Date(doneAt + CHAT_READ_ONLY_AFTER_COMPLETION_MS).toISOString();
    const wanted = { bookingNumber: facts.number, customerId: facts.customerId, pmId: facts.pm?.id ?? null, state, readOnlyAt };
    let conversation = await repo.findConversation(bookingId);
    if (
      !conversation ||
      conversation.bookingNumber !== wanted.bookingNumber ||
      conversation.customerId !== wanted.customerId ||
      conversation.pmId !== wanted.pmId ||
      conversation.state !== wanted.state ||
      (conversation.readOnlyAt ?? null) !== wanted.readOnlyAt
    )
      conversation = await repo.ensureConversation(bookingId, wanted, nowIso());
    return { caller, facts, member, conversation };
  }

  function writable(seat: Seat): void {
    if (seat.conversation.state === 'read_only') throw readOnly();
  }

  async function notify(bookingId: string, seq: number) {
    deps.notices.publish(bookingId, seq);
  }

  /** 20 a minute per sender per conversation, a fixed window from the first message (shared by every replica when on Redis). */
  async function countMessage(seat: Seat): Promise<void> {
    const key = `chat:rate:{${seat.conversation._id}}:${seat.member}`;
    const n = await deps.keyValue.incr(key, { px: 60_000 });
    if (n <= deps.perMinute) return;
    const left = await deps.keyValue.pttl(key);
    throw new DomainError(
      'RATE_LIMITED',
      'Too many messages in this conversation; try again shortly',
      Math.max(1, Math.ceil((left > 0 ? left : 60_000) / 1000)),
    );
  }

  /** Seq allocated, the write did not happen: the log says so, so streams need not wait for it. */
  async function voidSeq(bookingId: string, seq: number) {
    await repo.appendEvent(bookingId, seq, 'noop').catch(() => {});
    await notify(bookingId, seq);
  }

  return {
    seatOf,

    async list(caller: Caller, page: number, limit: number): Promise<{ items: ChatConversation[]; total: number }> {
      const filter =
        caller.role === 'admin'
          ? {}
          : caller.role === 'pm'
            ? caller.pid
              ? { pmId: caller.pid }
              : { _id: { $in: [] } }
            : caller.role === 'customer' || caller.role === 'guest'
              ? { customerId: caller.sub }
              : { _id: { $in: [] } };
      const member = caller.role === 'admin' ? `a:${caller.sub}` : caller.role === 'pm' ? `p:${caller.pid}` : `c:${caller.sub}`;
      const { docs, total } = await repo.listConversations(filter, page, limit);
      const items = await Promise.all(
        docs.map(async (c) => ({
          bookingId: c._id,
          bookingNumber: c.bookingNumber,
          status: c.state === 'open' && c.readOnlyAt && c.readOnlyAt <= nowIso() ? ('read_only' as const) : c.state,
          lastMessage: c.lastMessage,
          unread: await repo.unread(c._id, member, c.reads?.[member] ?? 0),
        })),
      );
      return { items, total };
    },

    async messages(caller: Caller, bookingId: string, q: { after?: number; before?: number; limit: number }): Promise<ChatMessage[]> {
      await seatOf(caller, bookingId);
      return (await repo.listMessages(bookingId, q)).map((d) => toMessage(d, caller.role));
    },

    /** A new message (201), or the first one again for a clientMessageId this sender already used here (200, nothing stored). */
    async send(caller: Caller, bookingId: string, text: string, clientMessageId: string): Promise<{ created: boolean; message: ChatMessage }> {
      const seat = await seatOf(caller, bookingId);
      // A retry of a message already stored answers it, even once the conversation turned read-only.
      const earlier = await repo.findByClientId(bookingId, caller.sub, clientMessageId);
      if (earlier) return { created: false, message: toMessage(earlier, caller.role) };
      writable(seat);
      await countMessage(seat);
      const seq = await repo.allocateSeq(bookingId);
      const masked = masksContacts(seat.facts) ? deps.mask(text) : { body: text, masked: false };
      const doc: MessageDoc = {
        _id: newId(),
        conversationId: bookingId,
        seq,
        senderId: caller.sub,
        senderKey: seat.member,
        sender: { id: caller.sub, role: caller.role, ...(caller.role === 'pm' && seat.facts.pm ? { name: seat.facts.pm.name } : {}) },
        clientMessageId,
        body: masked.body,
        ...(masked.masked ? { original: text } : {}),
        masked: masked.masked,
        createdAt: nowIso(),
        deleted: false,
      };
      try {
        await repo.messages.insertOne(doc);
      } catch (error) {
        if (!isDuplicateKeyError(error)) {
          await voidSeq(bookingId, seq);
          throw error;
        }
        // The same clientMessageId raced in from the same sender: the first one stands.
        await voidSeq(bookingId, seq);
        const first = await repo.findByClientId(bookingId, caller.sub, clientMessageId);
        if (!first) throw error;
        return { created: false, message: toMessage(first, caller.role) };
      }
      await repo.appendEvent(bookingId, seq, 'message', doc._id);
      await notify(bookingId, seq);
      // Sending counts as reading up to one's own message.
      await Promise.all([repo.touchLastMessage(bookingId, doc), repo.markRead(bookingId, seat.member, seq)]);
      return { created: true, message: toMessage(doc, caller.role) };
    },

    /** Its sender, within 15 minutes, of a message not deleted: the new text (masked as the booking stands now), `editedAt` set. */
    async edit(caller: Caller, bookingId: string, messageId: string, text: string): Promise<ChatMessage> {
      const seat = await seatOf(caller, bookingId);
      const doc = await repo.findMessage(bookingId, messageId);
      if (!doc) throw new DomainError('MESSAGE_NOT_FOUND', 'No such message in this conversation');
      writable(seat);
      const now = clock.now();
      if (doc.senderId !== caller.sub) throw new DomainError('MESSAGE_NOT_EDITABLE', 'Only its sender may edit a message');
      if (doc.deleted) throw new DomainError('MESSAGE_NOT_EDITABLE', 'A deleted message cannot be edited');
      if (now - Date.parse(doc.createdAt) > CHAT_EDIT_WINDOW_MS)
        throw new DomainError('MESSAGE_NOT_EDITABLE', 'A message can be edited for 15 minutes after it was sent');
      const seq = await repo.allocateSeq(bookingId);
      const masked = masksContacts(seat.facts) ? deps.mask(text) : { body: text, masked: false };
      const editedAt = new Date(now).toISOString();
      const updated = await repo.messages.findOneAndUpdate(
        { _id: messageId, deleted: false },
        {
          $set: { body: masked.body, masked: masked.masked, editedAt, ...(masked.masked ? { original: text } : {}) },
          ...(masked.masked ? {} : { $unset: { original: '' } }),
        },
        { returnDocument: 'after' },
      );
      if (!updated) {
        await voidSeq(bookingId, seq);
        throw new DomainError('MESSAGE_NOT_EDITABLE', 'A deleted message cannot be edited');
      }
      await repo.appendEvent(bookingId, seq, 'message.updated', messageId);
      await notify(bookingId, seq);
      await repo.refreshPreview(bookingId, updated);
      return toMessage(updated, caller.role);
    },

    /** Its sender or an admin: the message becomes a tombstone (`deleted`, body ""); again: the tombstone, nothing new. */
    async remove(caller: Caller, bookingId: string, messageId: string): Promise<ChatMessage> {
      await seatOf(caller, bookingId);
      const doc = await repo.findMessage(bookingId, messageId);
      if (!doc) throw new DomainError('MESSAGE_NOT_FOUND', 'No such message in this conversation');
      if (doc.senderId !== caller.sub && caller.role !== 'admin')
        throw new DomainError('MESSAGE_NOT_EDITABLE', 'Only its sender or an admin may delete a message');
      if (doc.deleted) return toMessage(doc, caller.role);
      const tomb = await tombstone(bookingId, messageId);
      return toMessage(tomb ?? { ...doc, deleted: true, body: '' }, caller.role);
    },

    /** Moves the caller's read cursor (never back, never past the conversation's last seq): the cursor and what is still unread. */
    async read(caller: Caller, bookingId: string, seq: number): Promise<ChatReadState> {
      const seat = await seatOf(caller, bookingId);
      const current = (await repo.findConversation(bookingId))?.seq ?? seat.conversation.seq;
      const readSeq = await repo.markRead(bookingId, seat.member, Math.min(seq, current));
      return { readSeq, unread: await repo.unread(bookingId, seat.member, readSeq) };
    },

    /** A single-use ticket (60 s) for the stream, bound to the caller and the booking. */
    async createTicket(caller: Caller, bookingId: string): Promise<ChatStreamTicket> {
      await seatOf(caller, bookingId);
      const ticket = `${newId()}${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')}`;
      const doc: TicketDoc = { sub: caller.sub, role: caller.role, ...(caller.pid ? { pid: caller.pid } : {}), bookingId };
      await deps.keyValue.set(`chat:ticket:${ticket}`, JSON.stringify(doc), { px: CHAT_STREAM_TICKET_TTL_MS });
      return { ticket, expiresAt: new Date(clock.now() + CHAT_STREAM_TICKET_TTL_MS).toISOString() };
    },

    /** The caller a ticket was made for, once: 401 INVALID_STREAM_TICKET when unknown, used, expired or for another booking. */
    async redeemTicket(ticket: string, bookingId: string): Promise<Caller> {
      const raw = /^[A-Za-z0-9_-]{20,200}$/.test(ticket) ? await deps.keyValue.getdel(`chat:ticket:${ticket}`) : null;
      const doc = raw === null ? undefined : (JSON.parse(raw) as TicketDoc);
      if (!doc || doc.bookingId !== bookingId) throw new DomainError('INVALID_STREAM_TICKET', 'The stream ticket is not valid; ask for a new one');
      return { sub: doc.sub, role: doc.role, ...(doc.pid ? { pid: doc.pid } : {}) };
    },

    tombstone,
  };

  /** Deletes one message as a change of its own (a seq, an event, a notice). Undefined when it was deleted meanwhile. */
  async function tombstone(bookingId: string, messageId: string, dropName = false): Promise<MessageDoc | undefined> {
    // Erasure also drops the sender's name; a plain deletion keeps it.
    const seq = await repo.allocateSeq(bookingId);
    const updated = await repo.messages.findOneAndUpdate(
      { _id: messageId, deleted: false },
      { $set: { deleted: true, body: '' }, $unset: { original: '', ...(dropName ? { 'sender.name': '' } : {}) } },
      { returnDocument: 'after' },
    );
    if (!updated) {
      await voidSeq(bookingId, seq);
      return undefined;
    }
    await repo.appendEvent(bookingId, seq, 'message.deleted', messageId);
    await notify(bookingId, seq);
    await repo.refreshPreview(bookingId, updated);
    return updated;
  }
}

export type Chat = ReturnType<typeof createChat>;
