import { REQUEST_ID_HEADER, runInRequestScope } from '@tm/shared';
import type { BeforeRoutingContext, RequestLifecycle, ServedRequest } from '@tm/shared/http';
import { type AnswerSet, handOver, type ProxiedRoute } from './api-routes.ts';

/** The server a request arrived on, as the policy reads it (Bun's, or the node:http adapter's). */
export type RequestServer = BeforeRoutingContext['server'];

/** A prefix of the site answered by the front door, the route template it is counted under, and its route. */
export interface FrontDoorRoute {
  /** Matched against the request's path as sent: `/api/` answers `/api/` and everything under it, as Elysia's `/api/*` did. */
  prefix: string;
  /** The `route` label of the request metrics and what the log line and span are named by (Elysia's template before). */
  template: string;
  handle: ProxiedRoute;
  /**
   * Whether this request may go on its way to the service while it is counted, when its client is
   * well within its quota (see FrontDoorOptions.withinQuota): only reads without side effects
   * (api-routes.ts `readsAheadOfCount`). Absent: every request is counted first.
   */
  readsAhead?: (request: Request, path: string) => boolean;
}

export interface FrontDoorOptions {
  /** serviceBase's per-request work (request id and trace, log line and metrics, error envelope), shared with the Elysia app. */
  lifecycle: RequestLifecycle;
  /** The gateway's policy (client IP, token, rate limit, CORS, body limits), the same step serviceBase runs for the Elysia routes. */
  policy: (ctx: BeforeRoutingContext) => Promise<Response | undefined>;
  routes: readonly FrontDoorRoute[];
  /** Whether the policy, having run up to its count, found the request's client well within its quota (RequestState.wellWithinQuota). */
  withinQuota?: (request: Request) => boolean;
  /** Everything else: the Elysia app (site files, /mcp, OpenAPI, health, metrics, 404s). */
  fallback: (request: Request) => Response | Promise<Response>;
  /** Told when an answered request's metrics or log line could not be recorded (the rest of its batch still is); default stderr. */
  onRecordFailed?: (err: unknown) => void;
}

const UNKNOWN_ERROR = 'UNKNOWN';

/**
 * The gateway's one handler. Proxied requests (`/api/*` to the services, `/ofrep/v1/*` to growth)
 * are answered here without Elysia: no context object, hook chain or response mapping per request,
 * which cost about a fifth of the gateway's CPU per proxied request (docs/benchmarks.md, third
 * pass). Every policy stays, in the same order and through the same code as serviceBase's hooks:
 * the request's scope (its id and trace), then the policy, then the route, then (after the answer)
 * the metrics, the span and the log line. Anything else, and any request whose URL serviceBase
 * would refuse (no Host, https), goes to the Elysia app as before.
 *
 * Bun.serve reaches it through its `routes` (app.ts) and tests through `app.handle`, so the code
 * tests call is the code that serves.
 */
export function createFrontDoor(options: FrontDoorOptions): (request: Request, server: RequestServer) => Response | Promise<Response> {
  const { lifecycle, policy, routes, fallback, withinQuota = () => false } = options;
  const after = createAfterAnswer(lifecycle, options.onRecordFailed);

  /**
   * A refusal before routing (429, 413), answered as serviceBase's error hook answered it: counted
   * as unmatched, without a duration (the route never started timing it).
   */
  function refusedBeforeRouting(error: unknown, request: Request, set: AnswerSet & BeforeRoutingContext['set'], served: ServedRequest, path: string): Response {
    set.headers[REQUEST_ID_HEADER] = served.requestId;
    const response = json(lifecycle.errorAnswer(error, UNKNOWN_ERROR, set, request), set);
    after.push(served, request.method, undefined, path, response.status, undefined);
    return response;
  }

  async function answer(request: Request, server: RequestServer, route: FrontDoorRoute, path: string, served: ServedRequest): Promise<Response> {
    const set: AnswerSet & BeforeRoutingContext['set'] = { headers: {} };
    const method = request.method;
    // The policy runs at once up to its count (Redis's round trip); a safe read of a client well
    // within its quota starts towards the service meanwhile, and is answered only once counted.
    const counting = policy({ request, set, server });
    if (route.readsAhead?.(request, path) === true && withinQuota(request)) return answerCounted(request, route, path, served, set, counting);
    let early: Response | undefined;
    try {
      early = await counting;
    } catch (error) {
      return refusedBeforeRouting(error, request, set, served, path);
    }
    // A preflight, answered by the policy itself: neither logged nor counted (as before).
    if (early !== undefined) return withSet(early, set);
    set.headers[REQUEST_ID_HEADER] = served.requestId;
    let response: Response;
    try {
      const result = await route.handle(request, set);
      response = result instanceof Response ? result : json(result, set);
    } catch (error) {
      response = json(lifecycle.errorAnswer(error, UNKNOWN_ERROR, set, request), set);
    }
    after.push(served, method, route.template, path, response.status, performance.now() - served.startedAt);
    return response;
  }

  /**
   * A read sent on to the service while it is counted: the count decides exactly as it does for
   * any request (a refusal is answered as soon as it is known, and the service's answer, whenever
   * it comes, is dropped unread), and an admitted request gets the service's answer with the
   * policy's headers, as if it had been forwarded after the count. What the service sees that
   * it would not have: the reads of a client whose quota ran out while they were on their way, at
   * most the requests it had in flight then, and never any past it (see RequestState.wellWithinQuota).
   */
  async function answerCounted(
    request: Request,
    route: FrontDoorRoute,
    path: string,
    served: ServedRequest,
    set: AnswerSet & BeforeRoutingContext['set'],
    counting: Promise<Response | undefined>,
  ): Promise<Response> {
    const method = request.method;
    const routeSet: AnswerSet = { headers: { [REQUEST_ID_HEADER]: served.requestId } };
    let routed: Promise<{ answer: Response | object } | { error: unknown }>;
    try {
      routed = route.handle(request, routeSet).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
    } catch (error) {
      // A route that throws before its first await: answered like one that rejects, once counted.
      routed = Promise.resolve({ error });
    }
    let early: Response | undefined;
    try {
      early = await counting;
    } catch (error) {
      drop(routed);
      return refusedBeforeRouting(error, request, set, served, path);
    }
    if (early !== undefined) {
      drop(routed);
      return withSet(early, set);
    }
    const routedOutcome = await routed;
    set.headers[REQUEST_ID_HEADER] = served.requestId;
    let response: Response;
    if ('error' in routedOutcome) response = json(lifecycle.errorAnswer(routedOutcome.error, UNKNOWN_ERROR, set, request), set);
    else if (routedOutcome.answer instanceof Response) response = handOver(routedOutcome.answer, set);
    else {
      // The route's own answer (a refusal, a gateway-made failure): its status and headers, with the policy's.
      Object.assign(set.headers, routeSet.headers);
      if (routeSet.status !== undefined) set.status = routeSet.status;
      response = json(routedOutcome.answer, set);
    }
    after.push(served, method, route.template, path, response.status, performance.now() - served.startedAt);
    return response;
  }

  return (request, server) => {
    const url = request.url;
    // Only an absolute http URL: serviceBase answers a request without Host (a bare target) and
    // refuses an https one; the Elysia app still does both.
    if (url.charCodeAt(0) === 47 /* / */ || url.charCodeAt(4) !== 58 /* : */) return fallback(request);
    const pathStart = url.indexOf('/', 7);
    if (pathStart < 0) return fallback(request);
    const route = routeAt(routes, url, pathStart);
    if (route === undefined) return fallback(request);
    // Up to the first '?' or '#' (a '?' after a '#' is the fragment's), as pathOfUrl, which the policy reads.
    const q = url.indexOf('?', pathStart);
    const h = url.indexOf('#', pathStart);
    const path = url.slice(pathStart, q >= 0 && (h < 0 || q < h) ? q : h >= 0 ? h : url.length);
    const served = lifecycle.open(request);
    return runInRequestScope(served, () => answer(request, server, route, path, served));
  };
}

function routeAt(routes: readonly FrontDoorRoute[], url: string, pathStart: number): FrontDoorRoute | undefined {
  for (let i = 0; i < routes.length; i++) {
    const route = routes[i] as FrontDoorRoute;
    if (url.startsWith(route.prefix, pathStart)) return route;
  }
  return undefined;
}

/** A service's answer nobody will read: its body is let go so the connection is freed (or closed). */
function drop(routed: Promise<{ answer: Response | object } | { error: unknown }>): void {
  routed.then(
    (outcome) => {
      if ('answer' in outcome && outcome.answer instanceof Response) outcome.answer.body?.cancel().catch(() => {});
    },
    () => {},
  );
}

/** A body as JSON (`application/json;charset=utf-8`) with `set`'s status and headers, as Elysia answered a returned object. */
function json(body: unknown, set: AnswerSet): Response {
  return Response.json(body, { status: typeof set.status === 'number' ? set.status : 200, headers: set.headers as Record<string, string> });
}

/** A Response made before routing, with `set`'s headers (its own win) and status. */
function withSet(response: Response, set: AnswerSet): Response {
  const headers = new Headers(response.headers);
  for (const name in set.headers) if (!response.headers.has(name)) headers.set(name, String(set.headers[name]));
  return new Response(response.body, { status: typeof set.status === 'number' ? set.status : response.status, headers });
}

/**
 * The metrics, span and log line of each answered request, written after the answer has gone
 * back to Bun: queued, and recorded together once the current turn of the event loop is done
 * (one setImmediate per batch, not per request), each in its request's scope so its log line
 * carries that request's trace id.
 */
function createAfterAnswer(
  lifecycle: RequestLifecycle,
  failed: (err: unknown) => void = (err) => console.error('front door: an answered request was not recorded', err),
) {
  interface Entry {
    served: ServedRequest;
    method: string;
    route: string | undefined;
    path: string;
    status: number;
    elapsedMs: number | undefined;
  }
  let queue: Entry[] = [];
  let entry: Entry | undefined;
  const record = () => {
    const e = entry as Entry;
    lifecycle.record(e.method, e.route, e.path, e.status, e.elapsedMs, e.served.requestId, e.served.span);
  };
  const flush = () => {
    const entries = queue;
    queue = [];
    for (let i = 0; i < entries.length; i++) {
      entry = entries[i] as Entry;
      // One entry failing to be recorded must not cost the rest of the batch their lines and counts.
      try {
        runInRequestScope(entry.served, record);
      } catch (err) {
        failed(err);
      }
    }
    entry = undefined;
  };
  return {
    push(served: ServedRequest, method: string, route: string | undefined, path: string, status: number, elapsedMs: number | undefined) {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ served, method, route, path, status, elapsedMs });
    },
  };
}
