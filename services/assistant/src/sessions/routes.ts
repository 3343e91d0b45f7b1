import { ChatbotSessionCreatedSchema, ChatbotTranscriptSchema, CreateChatbotSessionBodySchema, type Lang } from '@tm/contracts';
import { type Clock, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { resolveLang, resolveMarket } from '@tm/shared/money';
import { Elysia, t } from 'elysia';
import { ErrorEnvelopeSchema } from '../http/error-envelope.ts';
import { checkBody } from '../http/input.ts';
import type { CallerReader } from './caller.ts';
import type { ChatbotStore } from './repository.ts';
import { createSession, findOwnedSession, readTranscript } from './sessions.ts';

export interface SessionRoutesDeps {
  store: ChatbotStore;
  clock: Clock;
  callers: CallerReader;
}

const CreatedEnvelope = envelopeOf(ChatbotSessionCreatedSchema, 'ChatbotSessionCreatedEnvelope');
const TranscriptEnvelope = envelopeOf(ChatbotTranscriptSchema, 'ChatbotTranscriptEnvelope');
/** Session ids are newId()s; anything longer is no session's (404, like any unknown id). */
export const SessionIdParams = t.Object({ id: t.String() });

/** POST /chatbot/sessions and GET /chatbot/sessions/{id}. */
export function createSessionRoutes(deps: SessionRoutesDeps) {
  return new Elysia({ name: 'chatbot-sessions' })
    .post(
      '/chatbot/sessions',
      async ({ body, request, set }) => {
        const caller = await deps.callers.callerOf(request.headers);
        const market = resolveMarket(request.headers.get('x-country')).code;
        const lang: Lang = body.lang ?? resolveLang(request.headers.get('x-lang'));
        set.status = 201;
        return ok(await createSession(deps.store, deps.clock, caller, lang, market));
      },
      {
        transform: (ctx) => {
          // No body at all is an empty one (every field is optional); a body that is there must fit.
          if (ctx.body === undefined) ctx.body = {};
          checkBody(CreateChatbotSessionBodySchema, ctx.body, 'INVALID_CHATBOT_SESSION');
        },
        body: CreateChatbotSessionBodySchema,
        response: { 201: CreatedEnvelope, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
        detail: {
          tags: ['Chatbot'],
          summary: 'Start a chatbot session',
          description:
            'No token needed. With a bearer token the session belongs to that user; without one the answer carries `secret`, which the caller sends back as X-Chatbot-Secret on every later call (shown once). Sessions and their transcripts expire after 30 days. The market comes from X-Country, the language from `lang`, else X-Lang, else en.',
        },
      },
    )
    .get(
      '/chatbot/sessions/:id',
      async ({ params, request }) => {
        const caller = await deps.callers.callerOf(request.headers);
        const session = await findOwnedSession(deps.store, deps.clock, params.id, caller);
        return ok(await readTranscript(deps.store, session));
      },
      {
        params: SessionIdParams,
        response: { 200: TranscriptEnvelope, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
        detail: {
          tags: ['Chatbot'],
          summary: 'Read a chatbot transcript',
          description:
            "The session's last 100 messages and answers, oldest first. Anyone but its owner (the token's user, or the X-Chatbot-Secret holder) gets 404 CHATBOT_SESSION_NOT_FOUND.",
        },
      },
    );
}
