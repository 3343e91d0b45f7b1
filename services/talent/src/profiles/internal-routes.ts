import { DEFAULT_PM_PREVIEWS, PmPreviewQuerySchema, PmPreviewSchema, TalentIndexEntrySchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { ErrorEnvelopeSchema, envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { isListed, rankPmCandidates } from './ranking.ts';
import type { ProfileRepository } from './repository.ts';
import { toPmPreview, toTalentIndexEntry } from './view.ts';

/**
 * Service-to-service endpoints (not proxied by the gateway, left out of the public OpenAPI):
 * PM previews for the catalog's service pages and the talent index for the site files.
 */
export function createInternalRoutes(profiles: ProfileRepository) {
  return new Elysia({ name: 'talent-internal-routes', prefix: '/internal' })
    .get(
      '/pm-previews',
      async ({ query }) => {
        const candidates = await profiles.listActivePmsForService(query.service);
        return ok(rankPmCandidates(candidates, query.limit ?? DEFAULT_PM_PREVIEWS).map(toPmPreview));
      },
      {
        query: PmPreviewQuerySchema,
        response: { 200: envelopeOf(t.Array(PmPreviewSchema)), 400: ErrorEnvelopeSchema },
        detail: { summary: 'Active PMs who deliver a service, available first, then best rated; unknown service -> []' },
      },
    )
    .get('/talent-index', async () => ok((await profiles.listListed()).filter(isListed).map(toTalentIndexEntry)), {
      response: { 200: envelopeOf(t.Array(TalentIndexEntrySchema)) },
      detail: { summary: 'Every active and indexable profile, ordered by slug' },
    });
}
