import {
  type AccountErasure,
  AccountErasureRequestSchema,
  AccountErasureSchema,
  type AccountExportPart,
  AccountExportPartSchema,
  FORMER_CUSTOMER,
} from '@tm/contracts';
import { type Clock, ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { toReview } from '../reviews/model.ts';
import type { ReviewRepository } from '../reviews/repository.ts';

const UserParams = t.Object({ userId: t.String({ minLength: 1, maxLength: 100 }) });

/**
 * Auth's data-rights calls (packages/contracts/src/account.ts; not routed by the gateway): the
 * reviews the person wrote and the PM reviews written of them, and their erasure: reviews that
 * were published stay (they are part of what other people relied on) without the author, shown
 * as "former customer"; what never went public, and PM reviews of the person, go.
 */
export function createAccountDataRoutes(deps: { repo: ReviewRepository; clock: Clock }) {
  return new Elysia({ name: 'reviews-account-data' })
    .get(
      '/internal/accounts/:userId/export',
      async ({ params }): Promise<{ success: true; data: AccountExportPart }> => {
        const { written, received } = await deps.repo.ofPerson(params.userId);
        return ok({ service: 'reviews', data: { reviews: written.map(toReview), reviewsOfYou: received.map(toReview) } });
      },
      { params: UserParams, response: { 200: envelopeOf(AccountExportPartSchema) } },
    )
    .post(
      '/internal/accounts/:userId/erase',
      async ({ params }): Promise<{ success: true; data: AccountErasure }> => {
        const kept = await deps.repo.erase(params.userId, FORMER_CUSTOMER, new Date(deps.clock.now()).toISOString());
        return ok({ service: 'reviews', erased: true as const, kept });
      },
      { params: UserParams, body: AccountErasureRequestSchema, response: { 200: envelopeOf(AccountErasureSchema) } },
    );
}
