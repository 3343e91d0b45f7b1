import { t } from 'elysia';
import { QuoteSchema } from './catalog.ts';
import { LANGUAGES } from './markets.ts';

/** Limits of the chatbot's inputs (design/assistant.md). */
export const MAX_CHATBOT_TEXT_LENGTH = 2000;
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 100;
/** How long a chatbot session (and its transcript) lives: 30 days. */
export const CHATBOT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The header an anonymous caller proves its session with. */
export const CHATBOT_SECRET_HEADER = 'x-chatbot-secret';

/** POST /chatbot/sessions: the language answers should be in (default X-Lang, else en). */
// A union of literals, not t.UnionEnum: Elysia fills an absent optional UnionEnum with its first member, which would hide X-Lang.
export const CreateChatbotSessionBodySchema = t.Object(
  {
    lang: t.Optional(
      t.Union(
        LANGUAGES.map((l) => t.Literal(l)),
        { description: 'Language of the answers (en, hi, ar, de); default X-Lang, else en' },
      ),
    ),
  },
  { title: 'CreateChatbotSessionBody', additionalProperties: false },
);
export type CreateChatbotSessionBody = typeof CreateChatbotSessionBodySchema.static;

/** The new session; `secret` only for an anonymous caller, who sends it back as X-Chatbot-Secret. */
export const ChatbotSessionCreatedSchema = t.Object(
  {
    id: t.String(),
    expiresAt: t.String({ format: 'date-time' }),
    secret: t.Optional(t.String({ description: 'Anonymous sessions only: send it as X-Chatbot-Secret on every later call; shown once' })),
  },
  { title: 'ChatbotSessionCreated' },
);
export type ChatbotSessionCreated = typeof ChatbotSessionCreatedSchema.static;

/** POST /chatbot/sessions/{id}/messages. */
export const ChatbotMessageBodySchema = t.Object(
  {
    text: t.String({ minLength: 1, maxLength: MAX_CHATBOT_TEXT_LENGTH, description: 'What the person wrote, 1-2000 characters' }),
    clientMessageId: t.String({
      pattern: `^[\\x21-\\x7e]{1,${MAX_CLIENT_MESSAGE_ID_LENGTH}}$`,
      description: 'Chosen by the client, 1-100 visible ASCII characters; the same id again replays the stored answer',
    }),
  },
  { title: 'ChatbotMessageBody', additionalProperties: false },
);
export type ChatbotMessageBody = typeof ChatbotMessageBodySchema.static;

export const CHATBOT_SOURCE_TYPES = ['service', 'faq', 'page'] as const;

/** A document an answer drew on: a catalog service, an FAQ entry or a published page. */
export const ChatbotSourceSchema = t.Object(
  { type: t.UnionEnum(CHATBOT_SOURCE_TYPES), id: t.String(), title: t.String(), url: t.String({ description: 'Absolute URL on the public site' }) },
  { title: 'ChatbotSource' },
);
export type ChatbotSource = typeof ChatbotSourceSchema.static;

/** The answer as one JSON envelope (a request without Accept: text/event-stream). */
export const ChatbotAnswerSchema = t.Object(
  {
    answer: t.String(),
    sources: t.Array(ChatbotSourceSchema),
    quote: t.Optional(QuoteSchema),
    fallback: t.Boolean({ description: 'True when the answer was built without the model (no key, a timeout or a provider error)' }),
  },
  { title: 'ChatbotAnswer' },
);
export type ChatbotAnswer = typeof ChatbotAnswerSchema.static;

/** One message of a transcript. */
export const ChatbotMessageSchema = t.Object(
  {
    role: t.UnionEnum(['user', 'assistant'] as const),
    text: t.String(),
    sources: t.Optional(t.Array(ChatbotSourceSchema)),
    quote: t.Optional(QuoteSchema),
    at: t.String({ format: 'date-time' }),
  },
  { title: 'ChatbotMessage' },
);
export type ChatbotMessage = typeof ChatbotMessageSchema.static;

/** GET /chatbot/sessions/{id}: the transcript, oldest first. */
export const ChatbotTranscriptSchema = t.Object(
  { id: t.String(), expiresAt: t.String({ format: 'date-time' }), messages: t.Array(ChatbotMessageSchema) },
  { title: 'ChatbotTranscript' },
);
export type ChatbotTranscript = typeof ChatbotTranscriptSchema.static;

/** The data of each event of the answer stream (text/event-stream), by event name. */
export const ChatbotMetaEventSchema = t.Object({ sources: t.Array(ChatbotSourceSchema) }, { title: 'ChatbotMetaEvent' });
export const ChatbotDeltaEventSchema = t.Object({ text: t.String() }, { title: 'ChatbotDeltaEvent' });
export const ChatbotToolEventSchema = t.Object({ name: t.String({ description: 'The tool the assistant is running' }) }, { title: 'ChatbotToolEvent' });
export const ChatbotDoneEventSchema = t.Object(
  {
    fallback: t.Boolean(),
    usage: t.Optional(
      t.Object({ promptTokens: t.Integer(), completionTokens: t.Integer() }, { description: "The provider's token counts, when it reports them" }),
    ),
  },
  { title: 'ChatbotDoneEvent' },
);
export const ChatbotErrorEventSchema = t.Object({ code: t.String() }, { title: 'ChatbotErrorEvent' });

/**
 * One event of the answer stream (text/event-stream), as a client decodes it: `event: <name>`
 * and its `data:` JSON. Described for the OpenAPI document; the stream itself is SSE framing.
 */
export const ChatbotStreamEventSchema = t.Union(
  [
    t.Object({ event: t.Literal('meta'), data: ChatbotMetaEventSchema }),
    t.Object({ event: t.Literal('delta'), data: ChatbotDeltaEventSchema }),
    t.Object({ event: t.Literal('tool'), data: ChatbotToolEventSchema }),
    t.Object({ event: t.Literal('quote'), data: QuoteSchema }),
    t.Object({ event: t.Literal('done'), data: ChatbotDoneEventSchema }),
    t.Object({ event: t.Literal('error'), data: ChatbotErrorEventSchema }),
  ],
  {
    title: 'ChatbotStreamEvent',
    description:
      'One event of the answer stream: `meta` first, `delta` repeated, `tool` and `quote` as they happen, then `done` or `error`. A `: ping` comment line comes at least every 8 s.',
  },
);

/** The answer stream's events: `event: <name>` and its `data:` JSON; a `: ping` comment at least every 8 s. */
export type ChatbotEvent =
  | { event: 'meta'; data: typeof ChatbotMetaEventSchema.static }
  | { event: 'delta'; data: typeof ChatbotDeltaEventSchema.static }
  | { event: 'tool'; data: typeof ChatbotToolEventSchema.static }
  | { event: 'quote'; data: typeof QuoteSchema.static }
  | { event: 'done'; data: typeof ChatbotDoneEventSchema.static }
  | { event: 'error'; data: typeof ChatbotErrorEventSchema.static };
