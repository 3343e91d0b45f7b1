import { type ChatbotAnswer, ChatbotAnswerSchema, type ChatbotEvent, ChatbotMessageBodySchema } from '@tm/contracts';
import { type Clock, ok } from '@tm/shared';
import { clientIpOf, envelopeOf, requestIdOf, type ServerLike } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { checkBody } from '../http/input.ts';
import type { CallerReader } from '../sessions/caller.ts';
import type { StoredAnswer } from '../sessions/model.ts';
import { SessionIdParams } from '../sessions/routes.ts';
import { type Caller, findOwnedSession } from '../sessions/sessions.ts';
import { answerTurn, type MessageDeps, replayEvents, startMessage } from './send.ts';
import { eventStream, SSE_HEADERS } from './sse.ts';

export interface MessageRoutesDeps extends MessageDeps {
  callers: CallerReader;
  clock: Clock;
  heartbeatMs: number;
  trustProxy: number;
}

const AnswerEnvelope = envelopeOf(ChatbotAnswerSchema, 'ChatbotAnswerEnvelope');

function toAnswer(a: StoredAnswer): ChatbotAnswer {
  return { answer: a.text, sources: a.sources, fallback: a.fallback, ...(a.quote ? { quote: a.quote } : {}) };
}

/** A failure on the stream: the stable code of a domain error, else INTERNAL. */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}

const DESCRIPTION = [
  'Answers one message. With `Accept: text/event-stream` the answer streams as events: `meta` {sources} first, `delta` {text} (repeated), `tool` {name} while a tool runs,',
  '`quote` (a Quote priced by the catalog), then `done` {fallback, usage?}, or `error` {code}; a `: ping` comment at least every 8 s. Otherwise one JSON envelope {answer, sources, quote?, fallback}.',
  'The same clientMessageId again replays the stored answer (409 CHATBOT_MESSAGE_IN_PROGRESS while it is still being answered, 409 CHATBOT_MESSAGE_ID_REUSED with another text).',
  'Every amount in an answer was priced by a tool in that answer; emails and phone numbers are masked before the model sees the text.',
  '20 messages a minute per session and 200 a day per client IP (429 with Retry-After; replays are free).',
].join(' ');

/** POST /chatbot/sessions/{id}/messages: validate, claim the turn, answer (stream or JSON) or replay. */
export function createMessageRoutes(deps: MessageRoutesDeps) {
  return new Elysia({ name: 'chatbot-messages' }).post(
    '/chatbot/sessions/:id/messages',
    async (ctx) => {
      const { params, request } = ctx;
      const body = ctx.body as { text: string; clientMessageId: string };
      const caller: Caller = await deps.callers.callerOf(request.headers);
      const session = await findOwnedSession(deps.store, deps.clock, params.id, caller);
      const server = (ctx as unknown as { server?: ServerLike }).server;
      const clientIp = clientIpOf(request, server, deps.trustProxy);
      const claim = await startMessage(deps, session, body.clientMessageId, body.text, clientIp);
      const requestId = requestIdOf(ctx);
      const streaming = (request.headers.get('accept') ?? '').includes('text/event-stream');
      if (claim.kind === 'replay') {
        if (!streaming) return ok(toAnswer(claim.turn.answer));
        const events = replayEvents(claim.turn.answer);
        const replay = eventStream(async (emit) => events.forEach(emit), deps.heartbeatMs);
        // A Response is sent as it is; the declared 200 schema describes the JSON answer.
        return new Response(replay, { headers: { ...SSE_HEADERS, 'idempotent-replayed': 'true' } }) as never;
      }
      if (!streaming) return ok(toAnswer(await answerTurn(deps, session, claim.turn, requestId, () => {}, request.signal, clientIp)));
      const run = async (emit: (e: ChatbotEvent) => void, signal: AbortSignal) => {
        try {
          await answerTurn(deps, session, claim.turn, requestId, emit, signal, clientIp);
        } catch (err) {
          emit({ event: 'error', data: { code: codeOf(err) } });
        }
      };
      return new Response(eventStream(run, deps.heartbeatMs), { headers: SSE_HEADERS }) as never;
    },
    {
      params: SessionIdParams,
      transform: ({ body }) => checkBody(ChatbotMessageBodySchema, body, 'INVALID_CHATBOT_MESSAGE'),
      body: ChatbotMessageBodySchema,
      response: {
        200: AnswerEnvelope,
        400: ErrorEnvelopeSchema,
        401: ErrorEnvelopeSchema,
        404: ErrorEnvelopeSchema,
        409: ErrorEnvelopeSchema,
        429: ErrorEnvelopeSchema,
      },
      detail: {
        tags: ['Chatbot'],
        summary: 'Send a message to the chatbot',
        description: DESCRIPTION,
        // The gateway's document turns this into the 200 answer's text/event-stream content.
        'x-event-stream': { $ref: '#/components/schemas/ChatbotStreamEvent' },
      },
    },
  );
}
