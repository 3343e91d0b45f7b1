import { t } from 'elysia';

/**
 * Reviews of completed bookings (design/reviews-search.md): the customer reviews the booking's PM
 * and services, the assigned PM reviews the customer; double-blind until both are in or the
 * window closes; summaries with a Bayesian average; moderation by reason code, never by stars.
 */

/** Days after a booking's completion during which either side may review it; then pending reviews publish. */
export const REVIEW_WINDOW_DAYS = 14;
export const MIN_REVIEW_TEXT = 20;
export const MAX_REVIEW_TEXT = 2000;
export const MAX_REPLY_TEXT = 1000;
export const MAX_REPORT_REASON = 500;
/** The weight of the prior in the Bayesian average: as if this many reviews at the site-wide mean came first. */
export const BAYESIAN_PRIOR_WEIGHT = 5;
/** The prior mean before any review is published anywhere. */
export const BAYESIAN_DEFAULT_MEAN = 3.5;
/** How the author of a published review is shown once their account is deleted. */
export const FORMER_CUSTOMER = 'former customer';

export const REVIEW_AUTHOR_ROLES = ['customer', 'pm'] as const;
export type ReviewAuthorRole = (typeof REVIEW_AUTHOR_ROLES)[number];
export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** Why an admin hides a review; deliberately no reason about the stars (FTC rule on review suppression). */
export const REVIEW_HIDE_REASONS = ['personal_data', 'abuse', 'irrelevant', 'spam'] as const;
export type ReviewHideReason = (typeof REVIEW_HIDE_REASONS)[number];
export const REVIEW_SUBJECT_KINDS = ['service', 'pm'] as const;
export type ReviewSubjectKind = (typeof REVIEW_SUBJECT_KINDS)[number];

const Stars = (description: string) => t.Integer({ minimum: 1, maximum: 5, description });

export const SubRatingsSchema = t.Object(
  {
    communication: Stars('1-5'),
    quality: Stars('1-5'),
    timeliness: Stars('1-5'),
  },
  { title: 'ReviewSubRatings', additionalProperties: false },
);
export type SubRatings = typeof SubRatingsSchema.static;

/** `POST /reviews`: by the booking's customer (of its PM and services) or its assigned PM (of the customer). */
export const CreateReviewBodySchema = t.Object(
  {
    bookingId: t.String({ minLength: 1, maxLength: 100 }),
    rating: Stars('The overall rating, a whole number from 1 to 5'),
    ratings: t.Optional(SubRatingsSchema),
    text: t.String({ minLength: MIN_REVIEW_TEXT, maxLength: MAX_REVIEW_TEXT }),
    lang: t.Optional(t.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$', description: 'The language the text is written in, e.g. en, de, hi, ar' })),
  },
  { title: 'CreateReviewRequest', additionalProperties: false },
);
export type CreateReviewBody = typeof CreateReviewBodySchema.static;

/** `PATCH /reviews/{id}`: the author's change while the review is pending and the other side has not written. */
export const UpdateReviewBodySchema = t.Object(
  {
    rating: t.Optional(Stars('1-5')),
    ratings: t.Optional(SubRatingsSchema),
    text: t.Optional(t.String({ minLength: MIN_REVIEW_TEXT, maxLength: MAX_REVIEW_TEXT })),
    lang: t.Optional(t.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
  },
  { title: 'UpdateReviewRequest', additionalProperties: false },
);
export type UpdateReviewBody = typeof UpdateReviewBodySchema.static;

export const ReviewReplySchema = t.Object({ text: t.String(), at: t.String({ format: 'date-time' }) }, { title: 'ReviewReply' });

/** A review as its author, the reviewed customer or an admin sees it. */
export const ReviewSchema = t.Object(
  {
    id: t.String(),
    bookingId: t.String(),
    authorRole: t.UnionEnum(REVIEW_AUTHOR_ROLES),
    rating: Stars('1-5'),
    ratings: t.Optional(SubRatingsSchema),
    text: t.String(),
    lang: t.Optional(t.String()),
    status: t.UnionEnum(REVIEW_STATUSES),
    reply: t.Optional(ReviewReplySchema),
    publishedAt: t.Optional(t.String({ format: 'date-time' })),
    createdAt: t.String({ format: 'date-time' }),
  },
  { title: 'Review' },
);
export type Review = typeof ReviewSchema.static;

/** `GET /reviews/mine`: the reviews the caller wrote (any status) and the published PM reviews of the caller as a customer. */
export const MyReviewsSchema = t.Object(
  {
    written: t.Array(ReviewSchema, { description: 'Newest first' }),
    received: t.Array(ReviewSchema, { description: 'Published reviews of you by the PMs of your bookings, newest first' }),
  },
  { title: 'MyReviews' },
);
export type MyReviews = typeof MyReviewsSchema.static;

/** A published customer review as anyone sees it: the author by first name and initial only, no ids, no contact. */
export const PublicReviewSchema = t.Object(
  {
    id: t.String(),
    author: t.String({ description: 'First name and initial ("Ada L."), or "former customer" once the account is deleted' }),
    rating: Stars('1-5'),
    ratings: t.Optional(SubRatingsSchema),
    text: t.String(),
    lang: t.Optional(t.String()),
    reply: t.Optional(ReviewReplySchema),
    publishedAt: t.String({ format: 'date-time' }),
    verified: t.Literal(true, { description: 'Always true: only the customer of a completed booking can write one' }),
  },
  { title: 'PublicReview' },
);
export type PublicReview = typeof PublicReviewSchema.static;

export const StarCountsSchema = t.Object(
  { 1: t.Integer({ minimum: 0 }), 2: t.Integer({ minimum: 0 }), 3: t.Integer({ minimum: 0 }), 4: t.Integer({ minimum: 0 }), 5: t.Integer({ minimum: 0 }) },
  { title: 'StarCounts' },
);
export type StarCounts = typeof StarCountsSchema.static;

/** `GET /reviews/summary`: published customer reviews of one service or PM. */
export const ReviewSummarySchema = t.Object(
  {
    count: t.Integer({ minimum: 0 }),
    average: t.Union([t.Number(), t.Null()], { description: 'One decimal; null without reviews' }),
    histogram: StarCountsSchema,
    bayesian: t.Number({ description: `(prior weight × site-wide mean + sum) / (prior weight + count), prior weight ${BAYESIAN_PRIOR_WEIGHT}; two decimals` }),
  },
  { title: 'ReviewSummary' },
);
export type ReviewSummary = typeof ReviewSummarySchema.static;

/** The `rating` catalog's service detail and talent's PM profile carry once one review is published. */
export const RatingSchema = t.Object({ count: t.Integer({ minimum: 1 }), average: t.Number({ description: 'One decimal' }) }, { title: 'Rating' });
export type Rating = typeof RatingSchema.static;

/** Internal `GET /internal/ratings/{kind}/{id}` (catalog, talent): the rating, or null before the first published review. */
export const RatingAnswerSchema = t.Object({ rating: t.Union([RatingSchema, t.Null()]) }, { title: 'RatingAnswer' });
export type RatingAnswer = typeof RatingAnswerSchema.static;
export const ratingPath = (kind: ReviewSubjectKind, id: string) => `/internal/ratings/${kind}/${encodeURIComponent(id)}`;

/**
 * One line of reviews' `GET /internal/ratings-index.ndjson` (then the index trailer, @tm/contracts
 * indexes.ts): every service and PM with a published customer review, so the site files, search
 * and talent's ranking join ratings by id without a call per item. Answered with an ETag that
 * moves with every publication, hide and restore (304 to a matching If-None-Match).
 */
export const RatingsIndexLineSchema = t.Object(
  {
    kind: t.UnionEnum(REVIEW_SUBJECT_KINDS),
    id: t.String({ minLength: 1, description: "The service's database id, or the PM's profile id" }),
    count: t.Integer({ minimum: 1 }),
    average: t.Number({ description: 'One decimal' }),
    bayesian: t.Number({ description: 'The Bayesian average, as GET /reviews/summary gives it: what ranking orders by' }),
  },
  { title: 'RatingsIndexLine', additionalProperties: false },
);
export type RatingsIndexLine = typeof RatingsIndexLineSchema.static;
export const RATINGS_INDEX_PATH = '/internal/ratings-index.ndjson';

export const ReplyBodySchema = t.Object(
  { text: t.String({ minLength: 1, maxLength: MAX_REPLY_TEXT }) },
  { title: 'ReviewReplyRequest', additionalProperties: false },
);
export const ReportBodySchema = t.Object(
  { reason: t.String({ minLength: 1, maxLength: MAX_REPORT_REASON }) },
  { title: 'ReviewReportRequest', additionalProperties: false },
);
export const HideBodySchema = t.Object({ reasonCode: t.UnionEnum(REVIEW_HIDE_REASONS) }, { title: 'ReviewHideRequest', additionalProperties: false });
export const ReportAcceptedSchema = t.Object({ reported: t.Literal(true) }, { title: 'ReviewReportAccepted' });

/** `GET /reviews/moderation` (admin): the evidence that no rating is suppressed. */
export const ModerationLedgerSchema = t.Object(
  {
    published: StarCountsSchema,
    hidden: StarCountsSchema,
    hiddenByReason: t.Record(t.String(), t.Integer({ minimum: 0 }), { description: 'Hidden customer reviews by reason code' }),
    reportsOpen: t.Integer({ minimum: 0, description: 'Reported reviews that are still published' }),
  },
  { title: 'ModerationLedger' },
);
export type ModerationLedger = typeof ModerationLedgerSchema.static;
