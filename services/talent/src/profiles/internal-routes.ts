import { DEFAULT_PM_PREVIEWS, PmPreviewQuerySchema, PmPreviewSchema, TalentIndexEntrySchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { TalentDirectory } from './directory.ts';
import { ErrorEnvelopeSchema } from './error-envelope.ts';
import { rankPmCandidates } from './ranking.ts';
import { noRatings, type RatingsPort } from './ratings.ts';
import type { ProfileRepository } from './repository.ts';
import { toPmPreview } from './view.ts';

/**
 * Service-to-service endpoints (not proxied by the gateway, left out of the public OpenAPI):
 * PM previews for the catalog's service pages and the talent index for the site files.
 */
export function createInternalRoutes(profiles: ProfileRepository, directory: TalentDirectory, ratings: RatingsPort = noRatings) {
  return new Elysia({ name: 'talent-internal-routes', prefix: '/internal' })
    .get(
      '/pm-previews',
      async ({ query, request }) => {
        const candidates = await profiles.listActivePmsForService(query.service);
        const requestId = request.headers.get('x-request-id') ?? undefined;
        // Each PM's `rating` from reviews, as the PM profile carries it (cached; none while reviews is away).
        const previews = rankPmCandidates(candidates, query.limit ?? DEFAULT_PM_PREVIEWS).map(async (p) => {
          const rating = await ratings.ratingOf('pm', p._id, requestId);
          return { ...toPmPreview(p), ...(rating ? { rating } : {}) };
        });
        return ok(await Promise.all(previews));
      },
      {
        query: PmPreviewQuerySchema,
        response: { 200: envelopeOf(t.Array(PmPreviewSchema)), 400: ErrorEnvelopeSchema },
        detail: { summary: 'Active PMs who deliver a service, available first, then best rated; unknown service -> []' },
      },
    )
    .get('/talent-index', async ({ request, set }) => answerPrebuilt(request, await directory.index('json'), set.headers as Record<string, string>), {
      response: { 200: envelopeOf(t.Array(TalentIndexEntrySchema)) },
      detail: { summary: 'Every active and indexable profile, ordered by slug; ETag and 304 like every whole list' },
    })
    .get('/talent-index.ndjson', async ({ request, set }) => answerPrebuilt(request, await directory.index('ndjson'), set.headers as Record<string, string>), {
      detail: { summary: 'The talent index streamed as NDJSON lines, ordered by slug, then a trailer line with the count (see @tm/contracts indexes.ts)' },
    });
}
