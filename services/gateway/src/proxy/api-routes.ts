import { fail } from '@tm/shared';
import { pathOfUrl } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { isImplementedProtected, mayAccess, protectedPrefix } from '../policy/access-rules.ts';
import type { RequestStates } from '../policy/request-state.ts';
import type { RevocationView } from '../policy/revocations.ts';
import type { Upstreams } from '../site-deps.ts';
import { forward, ProxyFailure } from './proxy.ts';
import { resolveTarget, searchOf } from './routing.ts';
import { createTimeoutSignals } from './timeout-signals.ts';

/**
 * Methods no service routes and the gateway never sends on: TRACE would echo the request,
 * credentials included (cross-site tracing), and fetch cannot carry its answer's body anyway.
 */
const NEVER_FORWARDED = new Set(['TRACE', 'CONNECT']);

/** What the /api proxy needs. */
export interface ApiRoutesDeps {
  upstreams: Upstreams;
  fetch: typeof fetch;
  upstreamTimeoutMs: number;
  maxBodyBytes: number;
  states: RequestStates;
  revocations: RevocationView;
}

/**
 * Everything under /api: the token rules for the protected prefixes, then the forward to the
 * owning service. The body is never parsed here (parse: 'none'): the service sees the bytes the
 * client sent and answers malformed JSON or bad fields itself (400, never 422).
 */
export function createApiRoutes(deps: ApiRoutesDeps) {
  const { upstreams, states } = deps;
  const timeouts = createTimeoutSignals(deps.upstreamTimeoutMs);
  return new Elysia({ name: 'api-routes' }).all(
    '/api/*',
    async (ctx) => {
      const { request, set } = ctx;
      const { requestId } = ctx as unknown as { requestId: string };
      const state = states.get(request);
      const path = state?.path ?? pathOfUrl(request.url);
      const clientIp = state?.clientIp ?? 'unknown';

      if (protectedPrefix(path) !== undefined) {
        const token = state?.token ?? { kind: 'none' };
        if (token.kind === 'unavailable') {
          set.status = 503;
          return fail('UPSTREAM_UNAVAILABLE', 'Tokens cannot be checked right now; try again shortly');
        }
        if (token.kind !== 'valid') {
          set.status = 401;
          set.headers['www-authenticate'] = token.kind === 'none' ? 'Bearer' : 'Bearer error="invalid_token"';
          return fail('UNAUTHORIZED', 'A valid access token is required');
        }
        // Revoked sessions (sign-out, password change, deactivation, deletion): refused by a local
        // set lookup; while that set is stale (auth's feed away) nothing protected passes (503).
        if (deps.revocations.isRevoked(token.principal.sid)) {
          set.status = 401;
          set.headers['www-authenticate'] = 'Bearer error="invalid_token"';
          return fail('UNAUTHORIZED', 'This session has ended; sign in again');
        }
        if (!deps.revocations.isFresh()) {
          set.status = 503;
          return fail('UPSTREAM_UNAVAILABLE', 'Sessions cannot be checked right now; try again shortly');
        }
        if (!mayAccess(token.principal.role, request.method, path)) {
          set.status = 403;
          return fail('FORBIDDEN', 'This account may not use this operation');
        }
        if (!isImplementedProtected(request.method, path)) {
          set.status = 501;
          return fail('NOT_IMPLEMENTED', `${request.method} ${path} is not available yet`);
        }
      }

      const target = NEVER_FORWARDED.has(request.method) ? undefined : resolveTarget(path);
      if (target === undefined) {
        set.status = 404;
        return fail('ROUTE_NOT_FOUND', `No route for ${request.method} ${path}`);
      }
      const answer = await forward(request, {
        url: `${upstreams[target.service]}${target.path}${searchOf(request.url)}`,
        clientIp,
        requestId,
        signal: timeouts.next(),
        maxBodyBytes: deps.maxBodyBytes,
        fetch: deps.fetch,
      });
      if (answer instanceof ProxyFailure) {
        set.status = answer.status;
        return answer.body;
      }
      return handOver(answer, set);
    },
    { parse: 'none', detail: { hide: true } },
  );
}

/**
 * Puts the policy's headers on the service's response itself. For a 200 the set bag is then
 * empty and Elysia hands the response over as it is, without copying it into a new one (a large
 * share of the proxy's CPU); other statuses are re-wrapped by Elysia with this status, so the
 * log line reports what the client got.
 */
function handOver(response: Response, set: { headers: Record<string, unknown>; status?: number | string }): Response {
  const headers = response.headers;
  for (const name in set.headers) {
    // Vary lists what the answer depends on: the service's (X-Country, X-Lang) and the
    // policy's (Origin) together, or a shared cache would serve one market's prices to another.
    if (name === 'vary') headers.append('vary', String(set.headers[name]));
    else headers.set(name, String(set.headers[name]));
  }
  set.headers = {};
  if (response.status !== 200) set.status = response.status;
  return response;
}
