import { type Rating, RatingAnswerSchema, type ReviewSubjectKind, ratingPath } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import { type ClientKit, createCachedReads } from '@tm/shared/client';

/** A service's or PM's `rating {count, average}` from reviews. */
export interface RatingsPort {
  /** The rating, or undefined before the first published review and whenever reviews cannot answer: never an error. */
  ratingOf(kind: ReviewSubjectKind, id: string, requestId?: string): Promise<Rating | undefined>;
}

/** Reviews' `GET /internal/ratings/{kind}/{id}`, cached for `ttlMs` (docs/reviews.md: a change shows within 60 s); degrades to none. */
export function createRatingsClient(options: { baseUrl: string; timeoutMs: number; ttlMs: number; clock: Clock } & ClientKit): RatingsPort {
  const reads = createCachedReads({ service: 'reviews', schema: RatingAnswerSchema, ...options });
  return {
    async ratingOf(kind, id, requestId) {
      return (await reads.get(ratingPath(kind, id), requestId))?.rating ?? undefined;
    },
  };
}

/** No ratings: tests and set-ups without a reviews service. */
export const noRatings: RatingsPort = { ratingOf: async () => undefined };
