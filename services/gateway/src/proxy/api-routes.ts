import { pathOfUrl, requestIdOf, UNKNOWN_CLIENT_IP } from '@tm/shared/http';
import { registerFastCounter, type Telemetry } from '@tm/shared/telemetry';
import { gatewayFailure } from '../errors.ts';
import { bodyLimitFor } from '../policy/body-limits.ts';
import { decideAccess } from '../policy/decide-access.ts';
import type { RequestStates } from '../policy/request-state.ts';
import { type RevocationView, sessionVerdict } from '../policy/revocations.ts';
import type { Upstreams } from '../site-deps.ts';
import { isEventStreamRoute, STREAM_IDLE_MS, wantsEventStream } from './event-stream.ts';
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

/**
 * The services whose GETs only read (their read models: the catalog, profiles, legal and site
 * content, published reviews). Nothing else is sent before it is counted: bookings, payments,
 * chat (a stream ticket is single-use), auth (sign-in links, OAuth callbacks), growth (tracking
 * records what it sees), the assistant, and search (it records queries).
 */
const READ_ONLY_SERVICES: ReadonlySet<string> = new Set(['catalog', 'talent', 'content', 'reviews']);

/**
 * Whether a request may start towards its service while the gateway counts it (front-door.ts): a
 * GET or HEAD without a body, not an event stream, to a service that only reads. A request the
 * count refuses never gets the service's answer, though the service may have done the read.
 */
export function readsAheadOfCount(request: Request, path: string): boolean {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const headers = request.headers;
  if (headers.has('content-length') || headers.has('transfer-encoding') || wantsEventStream(request) || isEventStreamRoute(method, path)) return false;
  const target = resolveTarget(path);
  return target !== undefined && READ_ONLY_SERVICES.has(target.service);
}

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

/** What the policy and routing left for a proxied request's answer: its status and headers, as Elysia's `set`. */
export interface AnswerSet {
  headers: Record<string, unknown>;
  status?: number | string;
}

/**
 * A proxied route: the service's Response (with the policy's headers on it, see handOver) or a
 * body the front door sends as JSON with `set`'s status and headers.
 */
export type ProxiedRoute = (request: Request, set: AnswerSet) => Promise<Response | object>;

/**
 * Everything under /api: the one authorize step (decideAccess over the access table), then the forward to the
 * owning service. The body is never parsed here: the service sees the bytes the client sent and
 * answers malformed JSON or bad fields itself (400, never 422). Served by the front door
 * (proxy/front-door.ts), after the policy, without Elysia.
 */
export function createApiProxy(deps: ApiRoutesDeps): ProxiedRoute {
  const { upstreams, states } = deps;
  const timeouts = createTimeoutSignals(deps.upstreamTimeoutMs);
  const upstreamErrors = deps.telemetry
    ? registerFastCounter(deps.telemetry.metrics, 'gateway_upstream_errors_total', 'Proxied requests a service did not answer usably, by service and code', [
        'upstream',
        'code',
      ])
    : undefined;
  return async (request, set) => {
    const requestId = requestIdOf({ request, set });
    const state = states.get(request);
    const path = state?.path ?? pathOfUrl(request.url);
    const clientIp = state?.clientIp ?? UNKNOWN_CLIENT_IP;

    const token = state?.token ?? NO_TOKEN;
    const session = token.kind === 'valid' ? sessionVerdict(deps.revocations, token.principal.sid) : 'live';
    // The chat's stream with ?ticket= and no token (a browser's EventSource cannot send headers,
    // and an access token never travels in a URL): messaging checks the single-use ticket itself.
    const eventStream = isEventStreamRoute(request.method, path);
    const ticketStream = token.kind === 'none' && eventStream && new URL(request.url).searchParams.has('ticket');
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
      eventStream,
      service: target.service,
      telemetry: deps.telemetry,
    });
    if (answer instanceof ProxyFailure) {
      upstreamErrors?.inc(target.service, answer.body.error.code, '');
      set.status = answer.status;
      return answer.body;
    }
    return handOver(answer, set);
  };
}

/**
 * Puts the policy's headers on the service's response itself, which then goes to the client as it
 * is, never copied into a new one (a large share of the proxy's CPU). The set bag is left empty and
 * its status the response's, so the log line reports what the client got.
 */
export function handOver(response: Response, set: AnswerSet): Response {
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
