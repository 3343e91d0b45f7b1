import { ServiceIndexEntrySchema } from '@tm/contracts';
import { envelopeOf } from '@tm/shared/http';
import { answerPrebuilt } from '@tm/shared/search';
import { Elysia, t } from 'elysia';
import type { ServiceReadModel } from '../domain/read-model.ts';

/**
 * The gateway's sources for its site files, prebuilt per snapshot and answered with an ETag (304
 * when unchanged): GET /internal/service-index (every active service in English, JSON envelope)
 * and GET /internal/service-index.ndjson (the same with each market's price, one line per service,
 * then a trailer with the count; see @tm/contracts indexes.ts).
 */
export function createInternalRoutes(deps: { readModel: ServiceReadModel }) {
  return new Elysia({ name: 'catalog-internal-routes' })
    .get(
      '/internal/service-index',
      async ({ request, set }) => answerPrebuilt(request, await deps.readModel.serviceIndex('json'), set.headers as Record<string, string>),
      { response: { 200: envelopeOf(t.Array(ServiceIndexEntrySchema)) }, detail: { hide: true } },
    )
    .get(
      '/internal/service-index.ndjson',
      async ({ request, set }) => answerPrebuilt(request, await deps.readModel.serviceIndex('ndjson'), set.headers as Record<string, string>),
      { detail: { hide: true } },
    );
}
