import { RATINGS_INDEX_PATH, RatingAnswerSchema, REVIEW_SUBJECT_KINDS } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { Summaries } from '../reviews/summaries.ts';
import type { ReviewUseCases } from '../reviews/use-cases.ts';
import { createRatingsIndex } from './ratings-index.ts';

/**
 * Not routed by the gateway: catalog's and talent's read of one service's or PM's `rating {count,
 * average}`, and the ratings index the site files, search and talent's ranking join by id.
 */
export function createInternalRoutes(deps: { reviews: ReviewUseCases; summaries: Summaries }) {
  const ratingsIndex = createRatingsIndex(deps.summaries);
  return new Elysia({ name: 'reviews-internal' })
    .get(RATINGS_INDEX_PATH, async ({ request }) => answerPrebuilt(request, await ratingsIndex.current()), { detail: { hide: true } })
    .get('/internal/ratings/:kind/:id', async ({ params }) => ok({ rating: await deps.reviews.rating(params.kind, params.id) }), {
      params: t.Object({ kind: t.UnionEnum(REVIEW_SUBJECT_KINDS), id: t.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: envelopeOf(RatingAnswerSchema) },
    });
}
