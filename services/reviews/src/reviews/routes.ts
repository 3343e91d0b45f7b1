import {
  CreateReviewBodySchema,
  HideBodySchema,
  ModerationLedgerSchema,
  MyReviewsSchema,
  PublicReviewSchema,
  ReplyBodySchema,
  ReportAcceptedSchema,
  ReportBodySchema,
  ReviewSchema,
  ReviewSummarySchema,
  UpdateReviewBodySchema,
} from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { envelopeOf, paginationHeaders } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import { checkedBody } from '../http/checked-body.ts';
import { errorResponses } from '../http/errors.ts';
import { toPublicReview, toReview } from './model.ts';
import type { ReviewUseCases } from './use-cases.ts';

const doc = (operationId: string, summary: string, description: string) => ({ operationId, summary, description, tags: ['Reviews'] });
const IdParams = t.Object({ id: t.String() });
const SubjectQuery = t.Object({ serviceId: t.Optional(t.String()), pmId: t.Optional(t.String()), page: t.Optional(t.String()), limit: t.Optional(t.String()) });
const REVIEW_FIELDS = { rating: 'INVALID_RATING', ratings: 'INVALID_RATING', text: 'INVALID_REVIEW_TEXT' } as const;

/** Ids this service hands out are 24-hex; anything else in a path is a 400, never a lookup. */
function checkId(id: string): string {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new DomainError('INVALID_ID', 'id: a 24-character hex review id');
  return id;
}

/** Exactly one of serviceId and pmId, and a page within bounds; else 400 INVALID_REVIEW_QUERY. */
function subjectOf(q: typeof SubjectQuery.static, paged: boolean) {
  const bad = (m: string) => new DomainError('INVALID_REVIEW_QUERY', m);
  const idOk = (v: string) => v.length >= 1 && v.length <= 100;
  if ((q.serviceId === undefined) === (q.pmId === undefined)) throw bad('Give exactly one of serviceId and pmId');
  if (q.serviceId !== undefined && !idOk(q.serviceId)) throw bad('serviceId: 1-100 characters');
  if (q.pmId !== undefined && !idOk(q.pmId)) throw bad('pmId: 1-100 characters');
  const int = (raw: string | undefined, fallback: number, max: number, name: string) => {
    if (raw === undefined || !paged) return fallback;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw bad(`${name}: a whole number from 1 to ${max}`);
    return Number(raw);
  };
  return {
    subject: q.serviceId !== undefined ? { kind: 'service' as const, id: q.serviceId } : { kind: 'pm' as const, id: q.pmId as string },
    page: int(q.page, 1, 10_000, 'page'),
    limit: int(q.limit, 20, 50, 'limit'),
  };
}

/** The public reads, the two sides' writes, the PM's reply, reports and the admin's moderation. */
export function createReviewRoutes(deps: { reviews: ReviewUseCases; tokens: CallerVerifier }) {
  const { reviews, tokens } = deps;
  const auth = (request: Request) => request.headers.get('authorization');
  return new Elysia({ name: 'review-routes' })
    .post(
      '/reviews',
      async ({ request, body, set }) => {
        const caller = await tokens.caller(auth(request));
        const created = await reviews.create(caller, body);
        set.status = 201;
        return ok(toReview(created));
      },
      {
        body: CreateReviewBodySchema,
        transform: checkedBody(CreateReviewBodySchema, 'INVALID_REVIEW', REVIEW_FIELDS),
        response: { 201: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 404, 409, 503) },
        detail: doc(
          'createReview',
          'Review a completed booking',
          "By the booking's customer (a review of its PM and services) or its assigned PM (of the customer), within 14 days of completion. `pending` until the other side has written or the 14 days are over; then both publish together. 409 BOOKING_NOT_COMPLETED, REVIEW_WINDOW_CLOSED, REVIEW_EXISTS; 404 BOOKING_NOT_FOUND for a booking that is not the caller's; 503 when bookings cannot be asked.",
        ),
      },
    )
    .get(
      '/reviews',
      async ({ request, query, set }) => {
        const { subject, page, limit } = subjectOf(query, true);
        const { items, total } = await reviews.listPublished(subject.kind === 'service' ? { serviceId: subject.id } : { pmId: subject.id }, page, limit);
        Object.assign(set.headers, paginationHeaders(new URL(request.url), page, limit, total));
        return ok(items.map(toPublicReview));
      },
      {
        query: SubjectQuery,
        response: { 200: envelopeOf(t.Array(PublicReviewSchema), 'PublicReviewListEnvelope'), ...errorResponses(400) },
        detail: doc(
          'listReviews',
          'Published reviews of a service or a PM',
          'Exactly one of `serviceId` and `pmId`; newest first; `page` (from 1), `limit` (1-50, default 20); totals in X-Total-Count and Link. The author is shown by first name and initial only.',
        ),
      },
    )
    .get(
      '/reviews/summary',
      async ({ query }) => {
        const { subject } = subjectOf(query, false);
        return ok(await reviews.summary(subject.kind, subject.id));
      },
      {
        query: SubjectQuery,
        response: { 200: envelopeOf(ReviewSummarySchema, 'ReviewSummaryEnvelope'), ...errorResponses(400) },
        detail: doc(
          'getReviewSummary',
          'Summary of the published reviews of a service or a PM',
          'Count, average (one decimal), histogram by stars and the Bayesian average used for ranking.',
        ),
      },
    )
    .get(
      '/reviews/moderation',
      async ({ request }) => {
        await tokens.admin(auth(request));
        return ok(await reviews.ledger());
      },
      {
        response: { 200: envelopeOf(ModerationLedgerSchema, 'ModerationLedgerEnvelope'), ...errorResponses(401, 403) },
        detail: doc(
          'getModerationLedger',
          'Moderation ledger (admin)',
          'Published and hidden customer reviews by star value, hidden ones by reason code, and reported reviews still published: the evidence no rating is suppressed.',
        ),
      },
    )
    .get(
      '/reviews/mine',
      async ({ request }) => {
        const { written, received } = await reviews.mine(await tokens.caller(auth(request)));
        return ok({ written: written.map(toReview), received: received.map(toReview) });
      },
      {
        response: { 200: envelopeOf(MyReviewsSchema, 'MyReviewsEnvelope'), ...errorResponses(401) },
        detail: doc(
          'listMyReviews',
          'Your reviews, and the reviews of you',
          "The reviews you wrote (any status) and, as a customer, the published reviews of you by your bookings' PMs; a PM's review of you stays hidden until it is published.",
        ),
      },
    )
    .get('/reviews/:id', async ({ request, params }) => ok(toReview(await reviews.get(checkId(params.id), await tokens.publicCaller(auth(request))))), {
      params: IdParams,
      response: { 200: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 404) },
      detail: doc(
        'getReview',
        'One review',
        "Its author sees it always; anyone else only once published (double-blind); a PM's review of a customer only that customer and admins.",
      ),
    })
    .patch(
      '/reviews/:id',
      async ({ request, params, body }) => {
        const caller = await tokens.caller(auth(request));
        return ok(toReview(await reviews.edit(caller, checkId(params.id), body)));
      },
      {
        params: IdParams,
        body: UpdateReviewBodySchema,
        transform: checkedBody(UpdateReviewBodySchema, 'INVALID_REVIEW', REVIEW_FIELDS),
        response: { 200: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 404, 409) },
        detail: doc(
          'updateReview',
          'Change your pending review',
          'Only while pending (the other side has not written and the window is open); else 409 REVIEW_LOCKED.',
        ),
      },
    )
    .post(
      '/reviews/:id/reply',
      async ({ request, params, body, set }) => {
        const caller = await tokens.caller(auth(request));
        set.status = 201;
        return ok(toReview(await reviews.reply(caller, checkId(params.id), body.text)));
      },
      {
        params: IdParams,
        body: ReplyBodySchema,
        transform: checkedBody(ReplyBodySchema, 'INVALID_REPLY'),
        response: { 201: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 403, 404, 409) },
        detail: doc('replyToReview', 'Reply to a review of you (the reviewed PM, once)', 'A second reply is 409 REPLY_EXISTS.'),
      },
    )
    .post(
      '/reviews/:id/report',
      async ({ request, params, body, set }) => {
        const caller = await tokens.caller(auth(request));
        await reviews.report(caller, checkId(params.id), body.reason);
        set.status = 202;
        return ok({ reported: true as const });
      },
      {
        params: IdParams,
        body: ReportBodySchema,
        transform: checkedBody(ReportBodySchema, 'INVALID_REPORT'),
        response: { 202: envelopeOf(ReportAcceptedSchema, 'ReviewReportEnvelope'), ...errorResponses(400, 401, 404) },
        detail: doc(
          'reportReview',
          'Report a review',
          'Any signed-in person, once per review (again: the same answer); admins see the count in the moderation ledger.',
        ),
      },
    )
    .post(
      '/reviews/:id/hide',
      async ({ request, params, body }) => {
        const admin = await tokens.admin(auth(request));
        return ok(toReview(await reviews.hide(admin, checkId(params.id), body.reasonCode)));
      },
      {
        params: IdParams,
        body: HideBodySchema,
        transform: checkedBody(HideBodySchema, 'INVALID_REASON_CODE'),
        response: { 200: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 403, 404, 409) },
        detail: doc(
          'hideReview',
          'Hide a review (admin)',
          '`reasonCode` one of personal_data, abuse, irrelevant, spam; never the stars. The review leaves the summaries; 409 REVIEW_NOT_PUBLISHED otherwise.',
        ),
      },
    )
    .post(
      '/reviews/:id/restore',
      async ({ request, params }) => {
        await tokens.admin(auth(request));
        return ok(toReview(await reviews.restore(checkId(params.id))));
      },
      {
        params: IdParams,
        response: { 200: envelopeOf(ReviewSchema, 'ReviewEnvelope'), ...errorResponses(400, 401, 403, 404, 409) },
        detail: doc('restoreReview', 'Restore a hidden review (admin)', 'It returns to the summaries; 409 REVIEW_NOT_HIDDEN otherwise.'),
      },
    );
}
