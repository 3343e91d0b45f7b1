import { toOpenAPISchema } from '@elysiajs/openapi';
import type { TSchema } from '@sinclair/typebox';
import {
  AcceptLegalBodySchema,
  AccessTokenSchema,
  AuthSessionSchema,
  AvailabilitySchema,
  CartItemSchema,
  CartSchema,
  CatalogEntrySchema,
  ChangePasswordBody,
  ChatbotAnswerSchema,
  ChatbotDeltaEventSchema,
  ChatbotDoneEventSchema,
  ChatbotErrorEventSchema,
  ChatbotMessageBodySchema,
  ChatbotMessageSchema,
  ChatbotMetaEventSchema,
  ChatbotSessionCreatedSchema,
  ChatbotSourceSchema,
  ChatbotStreamEventSchema,
  ChatbotToolEventSchema,
  ChatbotTranscriptSchema,
  ChatConversationSchema,
  ChatLastMessageSchema,
  ChatMessageSchema,
  ChatReadBodySchema,
  ChatReadStateSchema,
  ChatSenderSchema,
  ChatStreamEventSchema,
  ChatStreamTicketBodySchema,
  ChatStreamTicketSchema,
  ContentPageSchema,
  CreateChatbotSessionBodySchema,
  CreateLegalVersionBodySchema,
  CreatePageBodySchema,
  CreateReviewBodySchema,
  EditChatMessageBodySchema,
  FaqSchema,
  ForgotPasswordBody,
  HideBodySchema,
  IdTokenBody,
  LegalAcceptanceSchema,
  LegalDocumentSchema,
  LegalVersionSchema,
  LegalVersionSummarySchema,
  LocaleSchema,
  ModerationLedgerSchema,
  MyReviewsSchema,
  PageFaqEntrySchema,
  PendingLegalDocumentSchema,
  PmPreviewSchema,
  PublicReviewSchema,
  PublishedPageSchema,
  PutBundleBodySchema,
  QuoteLineSchema,
  QuoteSchema,
  RatingSchema,
  RefreshBody,
  ReplyBodySchema,
  ReportAcceptedSchema,
  ReportBodySchema,
  ResetPasswordBody,
  ReviewReplySchema,
  ReviewSchema,
  ReviewSummarySchema,
  SendChatMessageBodySchema,
  SendOtpBody,
  ServicePricingSchema,
  ServiceSchema,
  StaffLoginBody,
  StaffProfileSchema,
  StarCountsSchema,
  SubRatingsSchema,
  TalentRoleSchema,
  UpdatePageBodySchema,
  UpdateReviewBodySchema,
  VerifyOtpBody,
  WidgetTokenBody,
} from '@tm/contracts';
import { Elysia } from 'elysia';
import { isObject } from './normalize-document.ts';
import { toOpenApi30Schema } from './normalize-schema.ts';

type Json = Record<string, unknown>;

/**
 * The contract's shapes the public document names (components.schemas), keyed by the title each
 * schema carries, so a generated client (openapi-typescript) gets Quote, Service, StaffProfile...
 * as named types. Operations whose schema is one of these (the services declare the contract's
 * objects, see each service's contract test) point at the component instead of repeating it.
 * Each is rendered where the services use it: as a request body or as a response.
 */
const PUBLISHED: readonly (readonly [TSchema, 'body' | 'response'])[] = [
  // catalog
  [ServiceSchema, 'response'],
  [ServicePricingSchema, 'response'],
  [FaqSchema, 'response'],
  [PmPreviewSchema, 'response'],
  [AvailabilitySchema, 'response'],
  [CatalogEntrySchema, 'response'],
  [QuoteSchema, 'response'],
  [QuoteLineSchema, 'response'],
  [CartSchema, 'body'],
  [CartItemSchema, 'body'],
  // talent
  [StaffProfileSchema, 'response'],
  [TalentRoleSchema, 'response'],
  // auth
  [AuthSessionSchema, 'response'],
  [AccessTokenSchema, 'response'],
  [SendOtpBody, 'body'],
  [VerifyOtpBody, 'body'],
  [WidgetTokenBody, 'body'],
  [StaffLoginBody, 'body'],
  [IdTokenBody, 'body'],
  [RefreshBody, 'body'],
  [ForgotPasswordBody, 'body'],
  [ResetPasswordBody, 'body'],
  [ChangePasswordBody, 'body'],
  // content
  [LegalDocumentSchema, 'response'],
  [LegalVersionSchema, 'response'],
  [LegalVersionSummarySchema, 'response'],
  [LegalAcceptanceSchema, 'response'],
  [PendingLegalDocumentSchema, 'response'],
  [CreateLegalVersionBodySchema, 'body'],
  [AcceptLegalBodySchema, 'body'],
  [LocaleSchema, 'response'],
  [PutBundleBodySchema, 'body'],
  [ContentPageSchema, 'response'],
  [PublishedPageSchema, 'response'],
  [PageFaqEntrySchema, 'response'],
  [CreatePageBodySchema, 'body'],
  [UpdatePageBodySchema, 'body'],
  // assistant (the chatbot)
  [CreateChatbotSessionBodySchema, 'body'],
  [ChatbotMessageBodySchema, 'body'],
  [ChatbotSessionCreatedSchema, 'response'],
  [ChatbotSourceSchema, 'response'],
  [ChatbotAnswerSchema, 'response'],
  [ChatbotMessageSchema, 'response'],
  [ChatbotTranscriptSchema, 'response'],
  [ChatbotStreamEventSchema, 'response'],
  [ChatbotMetaEventSchema, 'response'],
  [ChatbotDeltaEventSchema, 'response'],
  [ChatbotToolEventSchema, 'response'],
  [ChatbotDoneEventSchema, 'response'],
  [ChatbotErrorEventSchema, 'response'],
  // messaging (the chat per booking)
  [SendChatMessageBodySchema, 'body'],
  [EditChatMessageBodySchema, 'body'],
  [ChatReadBodySchema, 'body'],
  [ChatStreamTicketBodySchema, 'body'],
  [ChatMessageSchema, 'response'],
  [ChatSenderSchema, 'response'],
  [ChatConversationSchema, 'response'],
  [ChatLastMessageSchema, 'response'],
  [ChatReadStateSchema, 'response'],
  [ChatStreamTicketSchema, 'response'],
  [ChatStreamEventSchema, 'response'],
  // reviews
  [CreateReviewBodySchema, 'body'],
  [UpdateReviewBodySchema, 'body'],
  [ReplyBodySchema, 'body'],
  [ReportBodySchema, 'body'],
  [HideBodySchema, 'body'],
  [ReviewSchema, 'response'],
  [PublicReviewSchema, 'response'],
  [ReviewSummarySchema, 'response'],
  [ModerationLedgerSchema, 'response'],
  [MyReviewsSchema, 'response'],
  [RatingSchema, 'response'],
  [StarCountsSchema, 'response'],
  [SubRatingsSchema, 'response'],
  [ReviewReplySchema, 'response'],
  [ReportAcceptedSchema, 'response'],
];

/**
 * Each published schema exactly as @elysiajs/openapi renders it in a service's part (it rewrites
 * some constructs, e.g. a union of literals into an enum), then in the 3.0 dialect: the form an
 * operation of a part shows when it declares that schema.
 */
function renderAsServicesDo(): Json[] {
  const app = PUBLISHED.reduce(
    (a, [schema, use], i) => a.post(`/c${i}`, () => null, use === 'body' ? { body: schema, parse: 'json' } : { response: { 200: schema } }),
    new Elysia(),
  );
  const { paths } = toOpenAPISchema(app, undefined, undefined, undefined, '3.0.3') as { paths: Record<string, { post: Json }> };
  return PUBLISHED.map(([, use], i) => {
    const op = paths[`/c${i}`]?.post as { requestBody?: Json; responses?: Record<string, Json> } | undefined;
    const holder = use === 'body' ? op?.requestBody : op?.responses?.['200'];
    // A bare string schema is rendered as text/plain, an object as application/json: take whichever.
    const schema = Object.values((holder?.content ?? {}) as Record<string, { schema?: unknown }>)[0]?.schema;
    return toOpenApi30Schema(schema);
  });
}

/** A schema as plain JSON in the 3.0 dialect, every nested published schema replaced by its $ref. */
function publishedForm(schema: unknown, names: ReadonlySet<string>, isRoot: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => publishedForm(s, names, false));
  if (!isObject(schema)) return schema;
  if (!isRoot && typeof schema.title === 'string' && names.has(schema.title)) return { $ref: `#/components/schemas/${schema.title}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, publishedForm(v, names, false)]));
}

function build(): Record<string, Json> {
  const plain = renderAsServicesDo();
  const names = new Set(plain.map((s) => String(s.title)));
  if (names.size !== PUBLISHED.length || names.has('undefined')) throw new Error('every published contract schema needs a unique title');
  return Object.fromEntries(plain.map((s) => [String(s.title), publishedForm(s, names, true) as Json]));
}

/** The published contract schemas by component name, in the 3.0 dialect, nested ones as $refs. */
export const CONTRACT_COMPONENTS: Readonly<Record<string, Json>> = build();

/**
 * Replaces every schema in `node` that is a published contract schema (same title, same content)
 * with a $ref to its component, innermost first. A schema that carries a contract title but
 * differs is left inline and reported, so the document never claims a shape a service does not keep.
 */
export function referenceContractSchemas(node: unknown, onMismatch: (title: string) => void): unknown {
  if (Array.isArray(node)) return node.map((n) => referenceContractSchemas(n, onMismatch));
  if (!isObject(node)) return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, referenceContractSchemas(v, onMismatch)]));
  const title = out.title;
  if (typeof title !== 'string' || !Object.hasOwn(CONTRACT_COMPONENTS, title)) return out;
  if (Bun.deepEquals(out, CONTRACT_COMPONENTS[title])) return { $ref: `#/components/schemas/${title}` };
  onMismatch(title);
  return out;
}
