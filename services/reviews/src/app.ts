import { REVIEWS_ERROR_STATUS } from '@tm/contracts';
import { SERVICE_APP_CONFIG, serviceBase, serviceOpenApi } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { createAccountDataRoutes } from './account/routes.ts';
import type { ReviewsDeps } from './deps.ts';
import { createInternalRoutes } from './internal/routes.ts';
import { createReconciler } from './reviews/reconcile.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { createReviewRoutes } from './reviews/routes.ts';
import { createSweeper } from './reviews/sweeper.ts';
import { createReviewUseCases } from './reviews/use-cases.ts';

export type { ReviewsDeps } from './deps.ts';

/** The repository, use cases, sweeper and totals check, built once from the deps (the app, main's set-up and tests share them). */
export function buildParts(deps: ReviewsDeps) {
  const repo = createReviewRepository(deps.documents);
  const reviews = createReviewUseCases({ repo, bookings: deps.bookings, names: deps.names, clock: deps.clock, logger: deps.logger });
  const sweeper = createSweeper({ repo, clock: deps.clock, logger: deps.logger });
  const reconciler = createReconciler({ documents: deps.documents, clock: deps.clock, logger: deps.logger });
  return { repo, reviews, sweeper, reconciler, ensureIndexes: () => repo.ensureIndexes() };
}

export type ReviewsParts = ReturnType<typeof buildParts>;

/** The reviews service: reviews of completed bookings (design/reviews-search.md). Never reads the environment, never opens a connection. */
export function createApp(deps: ReviewsDeps, parts: ReviewsParts = buildParts(deps)) {
  return new Elysia(SERVICE_APP_CONFIG)
    .use(
      serviceBase({
        internalCallers: deps.internalCallers,
        service: 'reviews',
        logger: deps.logger,
        errorStatus: REVIEWS_ERROR_STATUS,
        telemetry: deps.telemetry,
        metrics: { token: deps.metricsToken, withoutToken: 'open' },
        readiness: { documents: { check: () => deps.documents.ping(), required: true, kind: deps.documents.kind }, ...deps.readiness },
      }),
    )
    .use(
      serviceOpenApi({
        title: 'Reviews',
        description:
          'Reviews of completed bookings, their summaries and moderation. Double-blind: a review is published when both sides have written or 14 days after completion. How reviews are verified: docs/reviews.md.',
        // Named schemas (Review, PublicReview, ReviewSummary...) are the contract's: the gateway names them in the public document.
        tags: [{ name: 'Reviews', description: 'Reviews of completed bookings, summaries and moderation' }],
      }),
    )
    .use(createReviewRoutes({ reviews: parts.reviews, tokens: deps.tokens }))
    .use(createInternalRoutes({ reviews: parts.reviews, summaries: parts.repo.summaries }))
    .use(createAccountDataRoutes({ repo: parts.repo, clock: deps.clock }));
}
