import { DomainError, type Logger } from '@tm/shared';
import { matchesIfNoneMatch } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia } from 'elysia';
import type { FlagEvaluator } from './evaluator.ts';
import { flagContextFromBody, OfrepRequestError } from './ofrep-context.ts';

const JSON_TYPE = { 'content-type': 'application/json' };
const NO_STORE = { 'cache-control': 'private, no-cache', vary: 'Authorization' };

/**
 * OFREP at /ofrep/v1 (the gateway passes it through at the site root): OpenFeature's shapes,
 * never the envelope. Bulk evaluation answers every enabled flag with a strong ETag over the
 * answer, and 304 to an If-None-Match that names it; single evaluation answers one flag or 404
 * FLAG_NOT_FOUND. Only key, value, variant and reason leave the service: rules never do. A
 * bearer token, when valid, gives userId and role; an invalid one is ignored (evaluation runs on
 * every page view and answers anonymously rather than fail).
 */
export function createOfrepRoutes(deps: { evaluator: FlagEvaluator; tokens: CallerVerifier; logger: Logger }) {
  const contextOf = async (request: Request) => {
    const caller = await deps.tokens.optionalCaller(request.headers.get('authorization')).catch(() => undefined);
    return flagContextFromBody(await request.text(), caller);
  };
  const failure = (err: unknown, key?: string): Response => {
    const keyed = key === undefined ? {} : { key };
    if (err instanceof OfrepRequestError) return Response.json({ ...keyed, errorCode: err.errorCode, errorDetails: err.message }, { status: 400 });
    const unavailable = err instanceof DomainError && err.code === 'SERVICE_UNAVAILABLE';
    if (!unavailable) deps.logger.error('flag evaluation failed', { error: String(err), key });
    return Response.json(
      { ...keyed, errorCode: 'GENERAL', errorDetails: unavailable ? err.message : 'Flags cannot be evaluated right now' },
      { status: unavailable ? 503 : 500, headers: unavailable ? { 'retry-after': '5' } : {} },
    );
  };

  return new Elysia({ name: 'ofrep-routes' })
    .post(
      '/ofrep/v1/evaluate/flags',
      async ({ request }) => {
        try {
          const { body, etag } = await deps.evaluator.bulk(await contextOf(request));
          if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: { etag, ...NO_STORE } });
          return new Response(body, { headers: { ...JSON_TYPE, etag, ...NO_STORE } });
        } catch (err) {
          return failure(err);
        }
      },
      // OFREP's own protocol, outside /api: described in docs/flags.md, not in the /api document.
      { parse: 'none', detail: { hide: true } },
    )
    .post(
      '/ofrep/v1/evaluate/flags/:key',
      async ({ request, params }) => {
        try {
          const result = await deps.evaluator.evaluateOne(params.key, await contextOf(request));
          if (result === undefined)
            return Response.json({ key: params.key, errorCode: 'FLAG_NOT_FOUND', errorDetails: `No flag named ${params.key}` }, { status: 404 });
          return Response.json(result, { headers: NO_STORE });
        } catch (err) {
          return failure(err, params.key);
        }
      },
      // OFREP's own protocol, outside /api: described in docs/flags.md, not in the /api document.
      { parse: 'none', detail: { hide: true } },
    );
}
