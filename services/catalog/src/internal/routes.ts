import { ServiceIndexEntrySchema } from '@tm/contracts';
import { ok } from '@tm/shared';
import { envelopeOf } from '@tm/shared/http';
import { Elysia, t } from 'elysia';
import { toIndexEntry } from '../services/present.ts';
import type { ServiceReadModel } from '../services/read-model.ts';

/** GET /internal/service-index: every active service in English, for the gateway's sitemap and llms files. */
export function createInternalRoutes(deps: { readModel: ServiceReadModel }) {
  return new Elysia({ name: 'catalog-internal-routes' }).get('/internal/service-index', async () => ok((await deps.readModel.all()).map(toIndexEntry)), {
    response: { 200: envelopeOf(t.Array(ServiceIndexEntrySchema)) },
    detail: { hide: true },
  });
}
