import { pathOfUrl, requestIdOf } from '@tm/shared/http';
import { registerFastCounter, type Telemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { gatewayFailure } from '../errors.ts';
import { bodyLimitFor } from '../policy/body-limits.ts';
import { decideAccess } from '../policy/decide-access.ts';
import type { RequestStates } from '../policy/request-state.ts';
import { type RevocationView, sessionVerdict } from '../policy/revocations.ts';
import type { Upstreams } from '../site-deps.ts';
import { isEventStreamRoute, STREAM_IDLE_MS } from './event-stream.ts';
import { forward, ProxyFailure } from './proxy.ts';
import { resolveTarget, searchOf } from './routing.ts';
import { createTimeoutSignals } from './timeout-signals.ts';

/**
 * Methods no service routes and the gateway never sends on: TRACE would echo the request,
 * credentials included (cross-site tracing), and fetch cannot carry its answer's body anyway.
 */
const NEVER_FORWARDED = new Set(['TRACE', 'CONNECT']);

/** A request the policy step did not see (it always does, outside tests of this plugin alone). */
const NO_TOKEN = { kind: 'none' } as const;

/** What the /api proxy needs. */
export interface ApiRoutesDeps {
  upstreams: Upstreams;
  fetch: typeof fetch;
  upstreamTimeoutMs: number;
  maxBodyBytes: number;
  states: RequestStates;
  revocations: RevocationView;
  /** Where a service's failure to answer the proxy (503, 504, 502) is counted, by service and code. */
  telemetry?: Telemetry;
}

/**
 * Everything under /api: the one authorize step (decideAccess over the access table), then the forward to the
 * owning service. The body is never parsed here (parse: 'none'): the service sees the bytes the
 * client sent and answers malformed JSON or bad fields itself (400, never 422).
 */
export function createApiRoutes(deps: ApiRoutesDeps) {
  const { upstreams, states } = deps;
  const timeouts = createTimeoutSignals(deps.upstreamTimeoutMs);
  const upstreamErrors = deps.telemetry
    ? registerFastCounter(deps.telemetry.metrics, 'gateway_upstream_errors_total', 'Proxied requests a service did not answer usably, by service and code', [
        'upstream',
        'code',
      ])
    : undefined;
  return new Elysia({ name: 'api-routes' }).all(
    '/api/*',
    // Only `request` and `set`, named in the parameter: Elysia reads a handler's source to decide
    // what to build per request, and a context passed on whole (requestIdOf(ctx)) made it parse
    // cookies, the query and every header for each proxied request, and re-wrap each answer.
    async ({ request, set }) => {
      const requestId = requestIdOf({ request, set });
      const state = states.get(request);
      const path = state?.path ?? pathOfUrl(request.url);
      const clientIp = state?.clientIp ?? 'unknown';

      const token = state?.token ?? NO_TOKEN;
      const session = token.kind === 'valid' ? sessionVerdict(deps.revocations, token.principal.sid) : 'live';
      // The chat's stream with ?ticket= and no token (a browser's EventSource cannot send headers,
      // and an access token never travels in a URL): messaging checks the single-use ticket itself.
      const ticketStream = token.kind === 'none' && isEventStreamRoute(request.method, path) && new URL(request.url).searchParams.has('ticket');
      const access = ticketStream ? ({ outcome: 'forward' } as const) : decideAccess({ method: request.method, path, token, session });
      if (access.outcome === 'refuse') {
        const failure = gatewayFailure(access.code, access.message);
        set.status = failure.status;
        if (access.challenge) set.headers['www-authenticate'] = access.challenge;
        return failure.body;
      }

      const target = NEVER_FORWARDED.has(request.method) ? undefined : resolveTarget(path);
      if (target === undefined) {
        const failure = gatewayFailure('ROUTE_NOT_FOUND', `No route for ${request.method} ${path}`);
        set.status = failure.status;
        return failure.body;
      }
      const answer = await forward(request, {
        url: `${upstreams[target.service]}${target.path}${searchOf(request.url)}`,
        clientIp,
        requestId,
        signal: timeouts.next(),
        maxBodyBytes: bodyLimitFor(path, deps.maxBodyBytes),
        fetch: deps.fetch,
        streamIdleMs: Math.max(deps.upstreamTimeoutMs, STREAM_IDLE_MS),
        eventStream: isEventStreamRoute(request.method, path),
        service: target.service,
        telemetry: deps.telemetry,
      });
      if (answer instanceof ProxyFailure) {
        upstreamErrors?.inc(target.service, answer.body.error.code, '');
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
export function handOver(response: Response, set: { headers: Record<string, unknown>; status?: number | string }): Response {
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
