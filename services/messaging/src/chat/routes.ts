import {
  ChatConversationSchema,
  ChatMessageSchema,
  ChatReadBodySchema,
  ChatReadStateSchema,
  ChatStreamEventSchema,
  ChatStreamTicketBodySchema,
  ChatStreamTicketSchema,
  EditChatMessageBodySchema,
  SendChatMessageBodySchema,
} from '@tm/contracts';
import { DomainError, type Logger, ok } from '@tm/shared';
import { envelopeOf, paginationHeaders } from '@tm/shared/http';
import type { Caller, CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import { errorResponses } from '../http/error-envelope.ts';
import { checkEditBody, checkId, checkReadBody, checkSendBody, checkTicketBody, limitParam, pageParam, seqParam, single } from '../http/input.ts';
import { openChangeStream, SSE_HEADERS } from '../stream/change-stream.ts';
import type { Notices } from '../stream/notices.ts';
import type { Presence } from '../stream/presence.ts';
import type { Chat } from './chat.ts';
import type { ChatRepository } from './repository.ts';

export interface ChatRoutesDeps {
  chat: Chat;
  repo: ChatRepository;
  callers: CallerVerifier;
  notices: Notices;
  presence: Presence;
  logger: Logger;
  heartbeatMs: number;
  gapWaitMs: number;
}

const MessageEnvelope = envelopeOf(ChatMessageSchema, 'ChatMessageEnvelope');
const BookingParams = t.Object({ bookingId: t.String({ description: 'The booking the conversation belongs to' }) });
const MessageParams = t.Object({ bookingId: t.String(), messageId: t.String() });
const Seq = (description: string) => t.Optional(t.String({ description }));
type Query = Record<string, unknown>;

function listInput(query: Query) {
  return { page: pageParam(single(query, 'page', 'INVALID_PAGE')), limit: limitParam(single(query, 'limit', 'INVALID_LIMIT')) };
}

function messagesInput(params: { bookingId: string }, query: Query) {
  const bookingId = checkId(params.bookingId, 'bookingId');
  const after = seqParam(single(query, 'after', 'INVALID_SEQ'), 'after');
  const before = seqParam(single(query, 'before', 'INVALID_SEQ'), 'before');
  const limit = limitParam(single(query, 'limit', 'INVALID_LIMIT'));
  return { bookingId, page: { ...(after !== undefined ? { after } : {}), ...(before !== undefined ? { before } : {}), limit } };
}

function streamInput(request: Request, params: { bookingId: string }, query: Query) {
  const bookingId = checkId(params.bookingId, 'bookingId');
  const header = request.headers.get('last-event-id');
  const after = seqParam(header ?? single(query, 'after', 'INVALID_SEQ'), header !== null ? 'Last-Event-ID' : 'after');
  const ticket = single(query, 'ticket', 'INVALID_STREAM_TICKET');
  if (ticket !== undefined && (typeof ticket !== 'string' || ticket.length > 300))
    throw new DomainError('INVALID_STREAM_TICKET', 'The stream ticket is not valid');
  return { bookingId, after, ticket: ticket as string | undefined };
}

/** Reads the bearer token of the request (401 without a live session's valid one). */
const callerOf = (deps: ChatRoutesDeps, request: Request): Promise<Caller> => deps.callers.caller(request.headers.get('authorization'));

/** The chat per booking (design/chat.md); every answer in the envelope except the stream. */
export function createChatRoutes(deps: ChatRoutesDeps) {
  const { chat } = deps;
  return new Elysia({ name: 'chat-routes' })
    .get(
      '/chat/conversations',
      async ({ request, query, set }) => {
        const { page, limit } = listInput(query);
        const caller = await callerOf(deps, request);
        const { items, total } = await chat.list(caller, page, limit);
        Object.assign(set.headers, paginationHeaders(new URL(request.url), page, limit, total));
        return ok(items);
      },
      {
        transform: ({ query }) => void listInput(query),
        query: t.Object({
          page: t.Optional(t.String({ description: 'From 1 (default 1)' })),
          limit: t.Optional(t.String({ description: '1-100 (default 50)' })),
        }),
        response: { 200: envelopeOf(t.Array(ChatConversationSchema), 'ChatConversationListEnvelope'), ...errorResponses(400, 401, 503) },
        detail: {
          tags: ['Chat'],
          summary: "The caller's conversations",
          description:
            "Latest activity first, each with its booking number, state (open or read_only), last message and the caller's unread count; the total in X-Total-Count (with Link). Customers see their bookings', PMs their assignments', admins every one.",
        },
      },
    )
    .get(
      '/chat/:bookingId/messages',
      async ({ request, params, query }) => {
        const { bookingId, page } = messagesInput(params, query);
        const caller = await callerOf(deps, request);
        return ok(await chat.messages(caller, bookingId, page));
      },
      {
        transform: ({ params, query }) => void messagesInput(params, query),
        params: BookingParams,
        query: t.Object({
          after: Seq('Messages with a seq above this one (the oldest first)'),
          before: Seq('Messages with a seq below this one (the newest of them)'),
          limit: t.Optional(t.String({ description: '1-100 (default 50)' })),
        }),
        response: { 200: envelopeOf(t.Array(ChatMessageSchema), 'ChatMessageListEnvelope'), ...errorResponses(400, 401, 404, 503) },
        detail: {
          tags: ['Chat'],
          summary: "A booking's messages",
          description:
            'By ascending seq: after `after` (the oldest first), below `before` (the newest of them), or without either the newest `limit`. Participants (the booking customer, its assigned PM) and admins; anyone else: 404 CONVERSATION_NOT_FOUND.',
        },
      },
    )
    .post(
      '/chat/:bookingId/messages',
      async ({ request, params, body, set }) => {
        const bookingId = checkId(params.bookingId, 'bookingId');
        const input = checkSendBody(body);
        const caller = await callerOf(deps, request);
        const { created, message } = await chat.send(caller, bookingId, input.body, input.clientMessageId);
        set.status = created ? 201 : 200;
        return ok(message);
      },
      {
        params: BookingParams,
        transform: ({ params, body }) => void [checkId(params.bookingId, 'bookingId'), checkSendBody(body)],
        body: SendChatMessageBodySchema,
        response: { 200: MessageEnvelope, 201: MessageEnvelope, ...errorResponses(400, 401, 404, 409, 429, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'Send a message',
          description:
            '201 the message. The same clientMessageId from the same sender again: 200 with the first message, nothing new stored. Until the booking is confirmed, emails, phone numbers, links other than the site and messenger handles are replaced by [hidden] (`masked: true`). 409 CONVERSATION_READ_ONLY after cancellation, expiry or 30 days past completion; 20 messages a minute per sender per conversation (429 with Retry-After).',
        },
      },
    )
    .patch(
      '/chat/:bookingId/messages/:messageId',
      async ({ request, params, body }) => {
        const bookingId = checkId(params.bookingId, 'bookingId');
        const messageId = checkId(params.messageId, 'messageId');
        const input = checkEditBody(body);
        const caller = await callerOf(deps, request);
        return ok(await chat.edit(caller, bookingId, messageId, input.body));
      },
      {
        params: MessageParams,
        transform: ({ params, body }) => void [checkId(params.bookingId, 'bookingId'), checkId(params.messageId, 'messageId'), checkEditBody(body)],
        body: EditChatMessageBodySchema,
        response: { 200: MessageEnvelope, ...errorResponses(400, 401, 404, 409, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'Edit a message',
          description:
            'Its sender, within 15 minutes of sending: 200 the message with editedAt. Later, or anyone else, or a deleted message: 409 MESSAGE_NOT_EDITABLE.',
        },
      },
    )
    .delete(
      '/chat/:bookingId/messages/:messageId',
      async ({ request, params }) => {
        const bookingId = checkId(params.bookingId, 'bookingId');
        const messageId = checkId(params.messageId, 'messageId');
        const caller = await callerOf(deps, request);
        return ok(await chat.remove(caller, bookingId, messageId));
      },
      {
        transform: ({ params }) => void [checkId(params.bookingId, 'bookingId'), checkId(params.messageId, 'messageId')],
        params: MessageParams,
        response: { 200: MessageEnvelope, ...errorResponses(400, 401, 404, 409, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'Delete a message',
          description: 'Its sender or an admin: 200 the message as a tombstone (deleted: true, body ""). Deleting it again answers the same tombstone.',
        },
      },
    )
    .post(
      '/chat/:bookingId/read',
      async ({ request, params, body }) => {
        const bookingId = checkId(params.bookingId, 'bookingId');
        const input = checkReadBody(body);
        const caller = await callerOf(deps, request);
        return ok(await chat.read(caller, bookingId, input.seq));
      },
      {
        params: BookingParams,
        transform: ({ params, body }) => void [checkId(params.bookingId, 'bookingId'), checkReadBody(body)],
        body: ChatReadBodySchema,
        response: { 200: envelopeOf(ChatReadStateSchema, 'ChatReadStateEnvelope'), ...errorResponses(400, 401, 404, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'Move the read cursor',
          description: "200 {readSeq, unread}. readSeq never moves back (a lower seq changes nothing) and never past the conversation's last seq.",
        },
      },
    )
    .post(
      '/chat/stream-tickets',
      async ({ request, body, set }) => {
        const input = checkTicketBody(body);
        const caller = await callerOf(deps, request);
        set.status = 201;
        return ok(await chat.createTicket(caller, input.bookingId));
      },
      {
        transform: ({ body }) => void checkTicketBody(body),
        body: ChatStreamTicketBodySchema,
        response: { 201: envelopeOf(ChatStreamTicketSchema, 'ChatStreamTicketEnvelope'), ...errorResponses(400, 401, 404, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'A ticket for the stream',
          description:
            "201 {ticket, expiresAt}: single use, 60 s, bound to the caller and the booking. A browser's EventSource (which cannot send headers) opens GET /chat/{bookingId}/stream?ticket=…; an access token never travels in a URL.",
        },
      },
    )
    .get(
      '/chat/:bookingId/stream',
      async ({ request, params, query }) => {
        const { bookingId, after, ticket } = streamInput(request, params, query);
        const caller =
          typeof ticket === 'string' && request.headers.get('authorization') === null
            ? await chat.redeemTicket(ticket, bookingId)
            : await callerOf(deps, request);
        const seat = await chat.seatOf(caller, bookingId);
        const body = openChangeStream({
          repo: deps.repo,
          notices: deps.notices,
          logger: deps.logger,
          bookingId,
          role: caller.role,
          after,
          heartbeatMs: deps.heartbeatMs,
          gapWaitMs: deps.gapWaitMs,
          onPresence: (open) => deps.presence.mark(bookingId, seat.member, open),
          onOpen: () => deps.presence.mark(bookingId, seat.member, true, true),
          // Bookings unreachable keeps the stream (cached facts or not): only a clear "not theirs" ends it.
          stillAllowed: () =>
            chat.seatOf(caller, bookingId).then(
              () => true,
              (error: { code?: string }) => error?.code !== 'CONVERSATION_NOT_FOUND',
            ),
        });
        // A Response is sent as it is; the declared 200 schema describes one event for the document.
        return new Response(body, { headers: SSE_HEADERS }) as never;
      },
      {
        transform: ({ request, params, query }) => void streamInput(request, params, query),
        params: BookingParams,
        query: t.Object({
          after: Seq('Replay every change after this seq first (as Last-Event-ID)'),
          ticket: t.Optional(t.String({ description: 'A stream ticket instead of the Authorization header' })),
        }),
        response: { 200: ChatStreamEventSchema, ...errorResponses(400, 401, 404, 503) },
        detail: {
          tags: ['Chat'],
          summary: 'The live stream of a conversation',
          description:
            'text/event-stream: each change is one event, `id: <seq>`, `event: message` (new), `message.updated` or `message.deleted`, `data:` the message JSON. With Last-Event-ID (or ?after) every change after that seq is replayed first, in order, then it goes live. A `: ping` comment at least every 8 s; the service ends an open stream only when the caller may no longer see the conversation. Authorization: Bearer, or ?ticket= from POST /chat/stream-tickets.',
          // The gateway's document makes the 200 text/event-stream only, its events ChatStreamEvent.
          'x-event-stream': { $ref: '#/components/schemas/ChatStreamEvent' },
          'x-event-stream-only': true,
        },
      },
    );
}
