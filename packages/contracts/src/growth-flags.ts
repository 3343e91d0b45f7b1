import { t } from 'elysia';
import { LANGUAGES, MARKET_CODES } from './markets.ts';
import { ROLES } from './tokens.ts';

/**
 * Growth's feature flags (design/growth.md): the admin's flag document, its audit history, and
 * the OFREP evaluation shapes served at /ofrep/v1 (OpenFeature Remote Evaluation Protocol).
 */

export const FLAG_TYPES = ['boolean', 'string', 'number', 'object'] as const;
export type FlagType = (typeof FLAG_TYPES)[number];
export const HASH_ATTRIBUTES = ['deviceId', 'userId'] as const;
export type HashAttribute = (typeof HASH_ATTRIBUTES)[number];
/** OpenFeature's resolution reasons that growth answers. */
export const FLAG_REASONS = ['STATIC', 'TARGETING_MATCH', 'SPLIT', 'DEFAULT', 'DISABLED'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** A flag key: what OFREP clients ask for by name. */
export const FLAG_KEY_PATTERN = '^[a-z0-9][a-z0-9._-]{0,99}$';
export const MAX_FLAG_RULES = 50;
export const MAX_FLAG_VARIANTS = 20;

const FlagValueSchema = t.Union([t.Boolean(), t.String({ maxLength: 1000 }), t.Number(), t.Record(t.String(), t.Unknown())], {
  description: "A value of the flag's type (boolean, string, number or a JSON object)",
});
const oneOrMany = (values: readonly string[], what: string) =>
  t.Union([t.UnionEnum(values as [string, ...string[]]), t.Array(t.UnionEnum(values as [string, ...string[]]), { minItems: 1, maxItems: values.length })], {
    description: `One ${what} or a list of them (any of)`,
  });

export const FlagVariantSchema = t.Object(
  {
    key: t.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', description: 'The variant name reported to clients' }),
    value: FlagValueSchema,
    weight: t.Number({ minimum: 0, maximum: 1, description: "Share of the split; the flag's weights sum to 1" }),
  },
  { title: 'FlagVariant', additionalProperties: false },
);

/** Who a rule applies to: every named attribute must match; an absent one matches anyone. */
export const FlagConditionSchema = t.Object(
  {
    market: t.Optional(oneOrMany(MARKET_CODES, 'market')),
    lang: t.Optional(oneOrMany(LANGUAGES, 'language')),
    role: t.Optional(oneOrMany(ROLES, 'role (from the bearer token)')),
    platform: t.Optional(
      t.Union([t.String({ minLength: 1, maxLength: 30 }), t.Array(t.String({ minLength: 1, maxLength: 30 }), { minItems: 1, maxItems: 10 })], {
        description: 'One platform (web, ios, android, ...) or a list of them',
      }),
    ),
  },
  { title: 'FlagCondition', additionalProperties: false },
);

export const FlagRuleSchema = t.Object(
  {
    when: FlagConditionSchema,
    percentage: t.Optional(t.Number({ minimum: 0, maximum: 100, description: 'Share of matching ids the rule applies to (bucketed by the hash attribute)' })),
    value: t.Optional(FlagValueSchema),
    variant: t.Optional(t.String({ description: 'A variant key; with neither value nor variant, matching ids are split by the weights' })),
  },
  { title: 'FlagRule', additionalProperties: false },
);

/** `PUT /flags/{key}`: the whole flag (create or replace). */
export const FlagInputSchema = t.Object(
  {
    type: t.UnionEnum(FLAG_TYPES),
    enabled: t.Boolean(),
    defaultValue: FlagValueSchema,
    description: t.Optional(t.String({ maxLength: 500 })),
    variants: t.Optional(t.Array(FlagVariantSchema, { maxItems: MAX_FLAG_VARIANTS })),
    rules: t.Optional(t.Array(FlagRuleSchema, { maxItems: MAX_FLAG_RULES, description: 'Evaluated in order; the first that applies decides' })),
    hashAttribute: t.Optional(t.UnionEnum(HASH_ATTRIBUTES, { description: 'What bucketing hashes (default deviceId)' })),
    seed: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Hash seed (default the key)' })),
    goalEvent: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'The tracked event that counts as a conversion' })),
  },
  { title: 'FlagInput', additionalProperties: false },
);
export type FlagInput = typeof FlagInputSchema.static;

/** A stored flag as the admin reads it. */
export const FlagSchema = t.Object(
  {
    key: t.String({ pattern: FLAG_KEY_PATTERN }),
    ...FlagInputSchema.properties,
    hashAttribute: t.UnionEnum(HASH_ATTRIBUTES),
    version: t.Integer({ minimum: 1, description: 'Raised by every replace' }),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'Flag' },
);
export type Flag = typeof FlagSchema.static;

export const FlagHistoryEntrySchema = t.Object(
  {
    flagKey: t.String(),
    action: t.UnionEnum(['created', 'replaced', 'deleted'] as const),
    at: t.String({ format: 'date-time' }),
    by: t.Object({ id: t.String(), role: t.String() }),
    flag: t.Union([FlagSchema, t.Null()], { description: 'The flag after the change (null once deleted)' }),
  },
  { title: 'FlagHistoryEntry' },
);
export type FlagHistoryEntry = typeof FlagHistoryEntrySchema.static;

/* OFREP (POST /ofrep/v1/evaluate/flags[/{key}]): OpenFeature's own shapes, not the envelope. */

/** The evaluation context a client sends; growth reads these keys and ignores others. userId and role come from the bearer token only. */
export const OfrepContextSchema = t.Object(
  {
    targetingKey: t.Optional(t.String({ maxLength: 200, description: 'Used as the device id when deviceId is absent' })),
    deviceId: t.Optional(t.String({ maxLength: 200 })),
    market: t.Optional(t.String({ maxLength: 10 })),
    lang: t.Optional(t.String({ maxLength: 35 })),
    platform: t.Optional(t.String({ maxLength: 30 })),
  },
  { title: 'OfrepContext', additionalProperties: true },
);
export const OfrepEvaluationRequestSchema = t.Object({ context: t.Optional(OfrepContextSchema) }, { title: 'OfrepEvaluationRequest' });

export const OfrepEvaluationSchema = t.Object(
  {
    key: t.String(),
    value: FlagValueSchema,
    variant: t.Optional(t.String()),
    reason: t.UnionEnum(FLAG_REASONS),
  },
  { title: 'OfrepEvaluation' },
);
export type OfrepEvaluation = typeof OfrepEvaluationSchema.static;
export const OfrepBulkEvaluationSchema = t.Object({ flags: t.Array(OfrepEvaluationSchema) }, { title: 'OfrepBulkEvaluation' });
export const OFREP_ERROR_CODES = ['PARSE_ERROR', 'TARGETING_KEY_MISSING', 'INVALID_CONTEXT', 'GENERAL', 'FLAG_NOT_FOUND'] as const;
export const OfrepErrorSchema = t.Object(
  { key: t.Optional(t.String()), errorCode: t.UnionEnum(OFREP_ERROR_CODES), errorDetails: t.Optional(t.String()) },
  { title: 'OfrepError' },
);
export type OfrepError = typeof OfrepErrorSchema.static;
