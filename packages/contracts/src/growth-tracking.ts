import { t } from 'elysia';

/**
 * Growth's tracking, consent and experiment shapes (design/growth.md): event batches in the
 * Segment tracking spec's shape, consent records, exposures and experiment results.
 */

export const TRACK_EVENT_TYPES = ['track', 'page', 'identify'] as const;
export const MAX_BATCH_EVENTS = 100;
export const MAX_BATCH_BYTES = 500 * 1024;
export const MAX_EVENT_BYTES = 32 * 1024;
/** Why one event of a batch was not stored; every refused event is listed with one. */
export const TRACK_REJECTION_REASONS = ['invalid', 'too_large', 'duplicate', 'no_consent'] as const;
export type TrackRejectionReason = (typeof TRACK_REJECTION_REASONS)[number];

export const TrackEventSchema = t.Object(
  {
    type: t.UnionEnum(TRACK_EVENT_TYPES),
    messageId: t.String({ minLength: 1, maxLength: 100, description: 'Client-made id; the same id again within 7 days is a duplicate' }),
    anonymousId: t.String({ minLength: 1, maxLength: 100, description: 'The device id (the one flags bucket on)' }),
    event: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Required for type track' })),
    properties: t.Optional(t.Record(t.String(), t.Unknown())),
    timestamp: t.String({ format: 'date-time', description: "The device's clock when the event happened" }),
  },
  { title: 'TrackEvent' },
);
export type TrackEvent = typeof TrackEventSchema.static;

export const TrackBatchSchema = t.Object(
  {
    batch: t.Array(TrackEventSchema, { minItems: 1, maxItems: MAX_BATCH_EVENTS }),
    sentAt: t.Optional(t.String({ format: 'date-time', description: "The device's clock when the batch was sent (corrects its skew)" })),
  },
  { title: 'TrackBatch' },
);

export const TrackResultSchema = t.Object(
  {
    accepted: t.Integer({ minimum: 0 }),
    rejected: t.Array(t.Object({ messageId: t.Union([t.String(), t.Null()]), reason: t.UnionEnum(TRACK_REJECTION_REASONS) })),
  },
  { title: 'TrackResult' },
);
export type TrackResult = typeof TrackResultSchema.static;

export const ConsentPurposesSchema = t.Object({ analytics: t.Boolean(), marketing: t.Boolean() }, { title: 'ConsentPurposes', additionalProperties: false });
export const ConsentBodySchema = t.Object(
  {
    anonymousId: t.String({ minLength: 1, maxLength: 100 }),
    purposes: ConsentPurposesSchema,
    noticeVersion: t.String({ minLength: 1, maxLength: 50, description: 'The privacy notice the person saw' }),
  },
  { title: 'ConsentRequest', additionalProperties: false },
);
export type ConsentBody = typeof ConsentBodySchema.static;
export const ConsentSchema = t.Object(
  {
    anonymousId: t.String(),
    userId: t.Optional(t.String({ description: 'Set when given by a signed-in caller' })),
    purposes: ConsentPurposesSchema,
    noticeVersion: t.Union([t.String(), t.Null()], { description: 'null: never given (nothing is consented)' }),
    updatedAt: t.Union([t.String({ format: 'date-time' }), t.Null()]),
  },
  { title: 'Consent' },
);
export type Consent = typeof ConsentSchema.static;

export const ExposureBodySchema = t.Object(
  {
    flagKey: t.String({ minLength: 1, maxLength: 100 }),
    variant: t.String({ minLength: 1, maxLength: 64 }),
    deviceId: t.String({ minLength: 1, maxLength: 100 }),
  },
  { title: 'ExposureRequest', additionalProperties: false },
);
export const ExposureRecordedSchema = t.Object(
  {
    recorded: t.Boolean({ description: 'false when this device was exposed to this flag before (the first exposure counts) or gave no consent' }),
    reason: t.Optional(t.UnionEnum(['duplicate', 'no_consent'] as const)),
  },
  { title: 'ExposureRecorded' },
);

export const ExperimentResultsSchema = t.Object(
  {
    flagKey: t.String(),
    goalEvent: t.Union([t.String(), t.Null()]),
    variants: t.Array(
      t.Object({
        key: t.String(),
        weight: t.Number(),
        exposures: t.Integer({ minimum: 0 }),
        conversions: t.Integer({ minimum: 0, description: 'Exposed devices that sent goalEvent after their exposure' }),
      }),
    ),
    srm: t.Object(
      {
        chiSquare: t.Number(),
        pValue: t.Number({ minimum: 0, maximum: 1 }),
        mismatch: t.Boolean({ description: 'true when p < 0.001: the split does not follow the weights, so the results cannot be trusted' }),
      },
      { description: 'Sample ratio mismatch: a chi-square test of exposures against the weights' },
    ),
  },
  { title: 'ExperimentResults' },
);
export type ExperimentResults = typeof ExperimentResultsSchema.static;
