import { Elysia } from 'elysia';
import { gatewayFailure } from '../errors.ts';
import type { SiteDeps } from '../site-deps.ts';
import { DOCS_HTML, DOCS_INIT_JS, docsAsset } from './docs-page.ts';
import { mergeOpenApiParts } from './merge.ts';
import { createPartsCache } from './parts-cache.ts';

/** How long a complete document may be cached by clients (the parts are refreshed as often). */
const FRESH_FOR_S = 60;
/** How long a service that failed is left alone before the next request asks it again. */
const RETRY_AFTER_FAILURE_S = 5;

/**
 * GET /openapi.json (the merged public description) and GET /docs (Swagger UI on it).
 *
 * When a service is down: its last good part is served (parts are cached per service and
 * refreshed in the background); a part never fetched is left out, `info.description` and
 * `x-missing-services` say which, and the answer is `Cache-Control: no-store` so nobody keeps
 * the incomplete copy. Only when no part at all can be had is the answer 503 (envelope code
 * `OPENAPI_UNAVAILABLE`, `Retry-After`).
 */
export function createOpenApiRoutes(deps: SiteDeps) {
  const cache = createPartsCache({
    upstreams: deps.upstreams,
    fetch: deps.fetch,
    clock: deps.clock,
    logger: deps.logger,
    telemetry: deps.telemetry,
    serviceCredential: deps.serviceCredential,
    timeoutMs: deps.upstreamTimeoutMs,
    freshForMs: FRESH_FOR_S * 1000,
    retryAfterFailureMs: RETRY_AFTER_FAILURE_S * 1000,
  });
  let memo: { generation: number; services: string; body: string; complete: boolean } | undefined;
  const onConflict = (message: string) => deps.logger.warn('openapi merge conflict', { detail: message });
  const onContractMismatch = (message: string) => deps.logger.warn('openapi schema differs from the contract', { detail: message });

  return new Elysia({ name: 'openapi-routes' })
    .get(
      '/openapi.json',
      async ({ set }) => {
        const { parts, generation } = await cache.snapshot();
        const services = Object.keys(parts).join(',');
        if (services === '') {
          const failure = gatewayFailure('OPENAPI_UNAVAILABLE', 'No service could be asked for its API description; try again shortly');
          set.status = failure.status;
          set.headers['retry-after'] = String(RETRY_AFTER_FAILURE_S);
          set.headers['cache-control'] = 'no-store';
          return failure.body;
        }
        if (memo === undefined || memo.generation !== generation || memo.services !== services) {
          const doc = mergeOpenApiParts(parts, { publicSiteUrl: deps.publicSiteUrl, onConflict, onContractMismatch });
          memo = { generation, services, body: JSON.stringify(doc), complete: !('x-missing-services' in (doc.info as object)) };
        }
        set.headers['content-type'] = 'application/json; charset=utf-8';
        set.headers['cache-control'] = memo.complete ? `public, max-age=${FRESH_FOR_S}` : 'no-store';
        return memo.body;
      },
      { detail: { hide: true } },
    )
    .get(
      '/docs',
      ({ set }) => {
        set.headers['content-type'] = 'text/html; charset=utf-8';
        set.headers['cache-control'] = 'no-cache';
        return DOCS_HTML;
      },
      { detail: { hide: true } },
    )
    .get(
      '/docs/assets/:file',
      ({ params, set }) => {
        if (params.file === 'docs-init.js') {
          set.headers['content-type'] = 'text/javascript; charset=utf-8';
          return DOCS_INIT_JS;
        }
        const asset = docsAsset(params.file);
        if (asset === undefined) {
          const failure = gatewayFailure('ROUTE_NOT_FOUND', `No docs asset named ${params.file}`);
          set.status = failure.status;
          return failure.body;
        }
        set.headers['content-type'] = asset.type;
        set.headers['cache-control'] = 'public, max-age=86400';
        return Bun.file(asset.path);
      },
      { detail: { hide: true } },
    );
}
