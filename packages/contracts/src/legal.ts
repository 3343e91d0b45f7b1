import { t } from 'elysia';
import { LANGUAGES, LangSchema, MARKET_CODES, MarketCodeSchema } from './markets.ts';
import { ROLES } from './tokens.ts';

/**
 * Legal documents and their acceptances (design/content.md "Legal"): the shapes content answers
 * and accepts, and the internal calls bookings' checkout gate makes.
 */

/** The document types; each has its own versions per market. */
export const LEGAL_TYPES = ['terms', 'privacy', 'refund', 'cookies', 'talent-agreement'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
export const LegalTypeSchema = t.UnionEnum(LEGAL_TYPES, { title: 'LegalType' });

/**
 * An enum a request must name. `t.UnionEnum` defaults to its first value, and Elysia fills
 * defaults into a body before validating it: a body without `type` would accept the terms, one
 * without `market` would publish for India. Request enums therefore carry no default.
 */
export function requiredEnum<const V extends readonly [string, ...string[]]>(values: V, description?: string) {
  return t.UnionEnum(values, { default: undefined, ...(description ? { description } : {}) });
}
const BodyLegalType = requiredEnum(LEGAL_TYPES);
const BodyMarket = requiredEnum(MARKET_CODES, 'Market code (ISO 3166-1 alpha-2)');
const BodyLang = requiredEnum(LANGUAGES, 'Language of the copy');

export const MAX_LEGAL_TITLE_LENGTH = 200;
export const MAX_LEGAL_BODY_LENGTH = 100_000;
export const MAX_USER_AGENT_LENGTH = 512;

/** sha256 of a translation's body (UTF-8), lower-case hex: what a person saw is provable later. */
export const BodyHashSchema = t.String({ pattern: '^[0-9a-f]{64}$', description: 'sha256 of the body (UTF-8), lower-case hex' });

/** One language of a version as an admin writes it. */
export const LegalTranslationInputSchema = t.Object(
  {
    title: t.String({ minLength: 1, maxLength: MAX_LEGAL_TITLE_LENGTH }),
    body: t.String({ minLength: 1, maxLength: MAX_LEGAL_BODY_LENGTH, description: 'Markdown' }),
  },
  { additionalProperties: false, title: 'LegalTranslationInput' },
);

/** One language of a published version, with the hash of its body. */
export const LegalTranslationSchema = t.Object(
  { title: t.String(), body: t.String({ description: 'Markdown' }), bodyHash: BodyHashSchema },
  { title: 'LegalTranslation' },
);

/** `POST /legal/{type}/versions`: a new version for one market; English is required. */
export const CreateLegalVersionBodySchema = t.Object(
  {
    market: BodyMarket,
    effectiveAt: t.String({ format: 'date-time', description: 'In the past or now: in effect at once' }),
    material: t.Boolean({ description: 'A material change must be accepted again; a non-material one (a correction) carries earlier acceptances' }),
    translations: t.Object(
      {
        en: LegalTranslationInputSchema,
        hi: t.Optional(LegalTranslationInputSchema),
        ar: t.Optional(LegalTranslationInputSchema),
        de: t.Optional(LegalTranslationInputSchema),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'CreateLegalVersionBody' },
);
export type CreateLegalVersionBody = typeof CreateLegalVersionBodySchema.static;

/** A version as stored and answered to its author: every translation. Never changed once published. */
export const LegalVersionSchema = t.Object(
  {
    type: LegalTypeSchema,
    market: MarketCodeSchema,
    version: t.Integer({ minimum: 1, description: '1, 2, ... per type and market' }),
    effectiveAt: t.String({ format: 'date-time' }),
    material: t.Boolean(),
    translations: t.Record(t.String(), LegalTranslationSchema, { description: 'By language (en always present)' }),
    createdAt: t.String({ format: 'date-time' }),
  },
  { title: 'LegalVersion' },
);
export type LegalVersion = typeof LegalVersionSchema.static;

/** `GET /legal/{type}`: the version in effect for the caller's market, in one language. */
export const LegalDocumentSchema = t.Object(
  {
    type: LegalTypeSchema,
    market: MarketCodeSchema,
    version: t.Integer({ minimum: 1 }),
    effectiveAt: t.String({ format: 'date-time' }),
    material: t.Boolean(),
    lang: LangSchema,
    title: t.String(),
    body: t.String({ description: 'Markdown' }),
    bodyHash: BodyHashSchema,
  },
  { title: 'LegalDocument' },
);
export type LegalDocument = typeof LegalDocumentSchema.static;

/** One entry of `GET /legal/{type}/versions`, newest first. */
export const LegalVersionSummarySchema = t.Object(
  {
    version: t.Integer({ minimum: 1 }),
    effectiveAt: t.String({ format: 'date-time' }),
    material: t.Boolean(),
    langs: t.Array(LangSchema),
  },
  { title: 'LegalVersionSummary' },
);

/** `POST /legal/acceptances`: the caller accepts the version in effect in their market. */
export const AcceptLegalBodySchema = t.Object(
  { type: BodyLegalType, version: t.Integer({ minimum: 1, maximum: 1_000_000 }) },
  { additionalProperties: false, title: 'AcceptLegalBody' },
);
export type AcceptLegalBody = typeof AcceptLegalBodySchema.static;

/** An acceptance as its author sees it (the stored record also holds who, IP and user agent). */
export const LegalAcceptanceSchema = t.Object(
  {
    type: LegalTypeSchema,
    market: MarketCodeSchema,
    version: t.Integer({ minimum: 1 }),
    lang: LangSchema,
    bodyHash: BodyHashSchema,
    acceptedAt: t.String({ format: 'date-time', description: "The server's clock, never the client's" }),
  },
  { title: 'LegalAcceptance' },
);
export type LegalAcceptance = typeof LegalAcceptanceSchema.static;

/** One entry of `GET /legal/pending`: a document in effect the caller's role must accept and has not. */
export const PendingLegalDocumentSchema = t.Object(
  {
    type: LegalTypeSchema,
    market: MarketCodeSchema,
    version: t.Integer({ minimum: 1 }),
    effectiveAt: t.String({ format: 'date-time' }),
    material: t.Boolean(),
    lang: LangSchema,
    title: t.String(),
    url: t.String({ description: 'Where to read it: /api/legal/{type} (with the same X-Country)' }),
    acceptedVersion: t.Optional(t.Integer({ minimum: 1, description: 'The latest earlier version the caller accepted, if any' })),
  },
  { title: 'PendingLegalDocument' },
);
export type PendingLegalDocument = typeof PendingLegalDocumentSchema.static;

/* Internal calls (not routed by the gateway): bookings' checkout gate. */

/** `GET /internal/legal/{type}/current?market=`: the version in effect, without its text. */
export const LegalInEffectSchema = t.Object(
  { type: LegalTypeSchema, market: MarketCodeSchema, version: t.Integer({ minimum: 1 }), effectiveAt: t.String({ format: 'date-time' }) },
  { title: 'LegalInEffect' },
);
export type LegalInEffect = typeof LegalInEffectSchema.static;

export const LegalInEffectQuerySchema = t.Object({ market: BodyMarket }, { additionalProperties: false });

/** The version in effect of `type` for `market`. */
export const legalInEffectPath = (type: LegalType) => `/internal/legal/${type}/current`;

/** `GET /internal/legal/acceptance-checks`: did this person accept `version` (or an earlier one with only non-material versions since)? */
export const LEGAL_ACCEPTANCE_CHECK_PATH = '/internal/legal/acceptance-checks';
export const LegalAcceptanceCheckQuerySchema = t.Object(
  {
    userId: t.String({ minLength: 1, maxLength: 100 }),
    type: BodyLegalType,
    market: BodyMarket,
    version: t.Numeric({ minimum: 1, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export const LegalAcceptanceCheckSchema = t.Object({ accepted: t.Boolean() }, { title: 'LegalAcceptanceCheck' });
export type LegalAcceptanceCheck = typeof LegalAcceptanceCheckSchema.static;

/** `POST /internal/legal/acceptances`: an acceptance made at another service's door (checkout), with the person's request facts. */
export const INTERNAL_LEGAL_ACCEPTANCES_PATH = '/internal/legal/acceptances';
export const RecordLegalAcceptanceBodySchema = t.Object(
  {
    userId: t.String({ minLength: 1, maxLength: 100 }),
    role: requiredEnum(ROLES),
    type: BodyLegalType,
    market: BodyMarket,
    version: t.Integer({ minimum: 1, maximum: 1_000_000 }),
    lang: BodyLang,
    ip: t.Optional(t.String({ maxLength: 100, description: "The client IP the gateway resolved (X-Forwarded-For at the caller's door)" })),
    userAgent: t.Optional(t.String({ maxLength: MAX_USER_AGENT_LENGTH })),
    source: requiredEnum(['checkout'], 'Where the person accepted'),
  },
  { additionalProperties: false, title: 'RecordLegalAcceptanceBody' },
);
export type RecordLegalAcceptanceBody = typeof RecordLegalAcceptanceBodySchema.static;
