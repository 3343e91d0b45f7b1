import { RatingAnswerSchema, REVIEW_SUBJECT_KINDS } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import type { ReviewUseCases } from '../reviews/use-cases.ts';

/** Catalog's and talent's read of a service's or PM's `rating {count, average}` (not routed by the gateway). */
export function createInternalRoutes(deps: { reviews: ReviewUseCases }) {
  return new Elysia({ name: 'reviews-internal' }).get(
    '/internal/ratings/:kind/:id',
    async ({ params }) => ok({ rating: await deps.reviews.rating(params.kind, params.id) }),
    {
      params: t.Object({ kind: t.UnionEnum(REVIEW_SUBJECT_KINDS), id: t.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: envelopeOf(RatingAnswerSchema) },
    },
  );
}
