import { Elysia } from 'elysia';
import { type ErrorEnvelope, fail } from '../core/envelope.ts';
import { DomainError, type ErrorStatusTable, statusForCode } from '../core/errors.ts';
import { HEALTH_PATH, isHealthPath, READY_PATH } from '../core/health.ts';
import type { Logger } from '../core/logger.ts';
import { acceptRequestId, REQUEST_ID_HEADER } from '../core/request-id.ts';
import { currentRequestScope, enterRequestScope, type RequestScope } from '../core/request-scope.ts';
import { newTraceContext, parseTraceparent, TRACEPARENT_HEADER } from '../core/trace-context.ts';
import { UNMATCHED_ROUTE } from '../telemetry/service-metrics.ts';
import { createTelemetry, type Telemetry } from '../telemetry/telemetry.ts';
import type { SpanHandle } from '../telemetry/tracing.ts';
import { bodyShapeProblem } from './body-shape.ts';
import type { ServerLike } from './client-ip.ts';
import { METRICS_PATH, type MetricsPolicy, metricsAccess } from './metrics-access.ts';
import { INTERNAL_PATH_PREFIX, type InternalCallers, NO_INTERNAL_CALLERS, SERVICE_CREDENTIAL_HEADER } from './service-credentials.ts';

/**
 * Options for every service's root Elysia app. `standardHostname: false`: Elysia otherwise finds
 * the path by searching for '/' from the 12th character of the URL, which assumes a Host of at
 * least four characters; `Host: gw` (a compose service on port 80) would route `/api/x` as `/x`.
 * Our servers speak plain http (TLS ends in front of them), so searching after `http://` is exact.
 */
export const SERVICE_APP_CONFIG = { handler: { standardHostname: false } } as const;

/**
 * The path of a request URL: absolute (`http://host/p?q`) or, for a request without Host, the bare
 * target (`/p?q`). It ends at the first '?' or '#': Bun passes a target's '#' on, and a '?' after it
 * is the fragment's (`/api/reviews/moderation#?` is `/api/reviews/moderation`, which the gateway's
 * access rules must see, since fetch drops the fragment on the way to the service).
 */
export function pathOfUrl(url: string): string {
  const start = url.charCodeAt(0) === 47 /* / */ ? 0 : url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  const h = url.indexOf('#', start);
  const end = q >= 0 && (h < 0 || q < h) ? q : h >= 0 ? h : url.length;
  return url.slice(start, end);
}

/**
 * The request id of the request being answered, for handlers in plugins that do not see
 * serviceBase's derived `requestId` in their types: the id serviceBase already put on the
 * response headers, else the caller's well-formed one, else a fresh one (then set on the answer).
 */
export function requestIdOf({ request, set }: { request: Request; set: { headers: Record<string, unknown> } }): string {
  const set_ = set.headers[REQUEST_ID_HEADER];
  if (typeof set_ === 'string') return set_;
  const requestId = acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
  set.headers[REQUEST_ID_HEADER] = requestId;
  return requestId;
}

/** The scope serviceBase enters for each request: what every part of it reads, and what ends it. */
export interface ServedRequest extends RequestScope {
  readonly startedAt: number;
  readonly span: SpanHandle | undefined;
}

export interface ServiceBaseOptions {
  /** Service name in log lines. */
  service: string;
  logger: Logger;
  /** The service's error table in `@tm/contracts` (its own codes; the common ones are mapped already). */
  errorStatus: ErrorStatusTable;
  /** Readiness checks by name (a dependency, or the service's own state); /readyz is 503 only when a `required` one fails. */
  readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** Where requests are counted and timed, and what GET /metrics serves; a private one when left out. */
  telemetry?: Telemetry;
  /** Who may read GET /metrics; by default the telemetry's METRICS_TOKEN, open without one. */
  metrics?: MetricsPolicy;
  /**
   * Route templates another service polls (auth's revocation feed, asked by every gateway each
   * second): their answered requests are logged at debug, like the health probes and metric
   * scrapes, so polling does not fill the info log. A failed one (4xx/5xx) is still logged at info.
   */
  pollRoutes?: readonly string[];
  /**
   * Who may call `/internal/*` (main.ts: serviceCredentialsFrom(config).internalCallers). Left
   * out, nobody may: every `/internal/*` request answers 401 (a service never opens them by omission).
   */
  internalCallers?: InternalCallers;
  /**
   * The service's own step before routing (the gateway's policy: client IP, token, rate limit),
   * run inside serviceBase's request hook once the request's scope is entered and its URL checked,
   * as a second onRequest hook would run: what it returns is the answer (a Response, or a body with
   * `set`), what it throws goes to the error handler. One hook instead of two: Elysia awaits each
   * one and maps its result for every request.
   */
  beforeRouting?: (ctx: BeforeRoutingContext) => unknown;
}

/** What ServiceBaseOptions.beforeRouting sees of a request: Elysia's onRequest context. */
export interface BeforeRoutingContext {
  request: Request;
  set: { headers: Record<string, string | number>; status?: number | string };
  server: NonNullable<ServerLike> | null;
}

/** One thing /readyz checks: a dependency (a store) or the service's own state (a snapshot built). */
export interface ReadinessCheck {
  check: () => Promise<boolean>;
  /** A required check that fails makes /readyz 503; an optional one makes it 200 `degraded`. */
  required: boolean;
  kind?: string;
  /** What a failed check means, said in /readyz's `reason` (default: "<name> is down"). */
  reason?: string;
}

/**
 * serviceBase's per-request work apart from Elysia's hooks, so a front door that answers some
 * routes without Elysia (the gateway's proxied routes) does exactly what the hooks do: the same
 * request id and trace, the same log line and metrics, the same error envelope. serviceBase's own
 * hooks call these; nothing here is Elysia's.
 */
export interface RequestLifecycle {
  /** The request's id (the caller's well-formed one, else a fresh one), its trace (accepted or started) and, with traces on, its server span. */
  open(request: Request): ServedRequest;
  /**
   * After the answer: the request counted and timed by route template, its span ended, and its
   * log line (debug for routine paths that succeeded, else info). `elapsedMs` undefined: the
   * answer was made before the request's timing was known to the route (a refusal before routing).
   */
  record(
    method: string,
    route: string | undefined,
    path: string | undefined,
    status: number,
    elapsedMs: number | undefined,
    requestId: unknown,
    span: SpanHandle | undefined,
  ): void;
  /**
   * The envelope answering a thrown error (Elysia's `code` when Elysia caught it): a DomainError with
   * its status and Retry-After, Elysia's validation, parse and not-found errors as 400/404, a 413,
   * and anything else a logged 500 that never tells the cause. Sets `set.status` (and the request id when missing).
   */
  errorAnswer(error: unknown, code: unknown, set: { status?: unknown; headers: Record<string, unknown> }, request: Request): ErrorEnvelope;
}

export function createRequestLifecycle(
  options: Pick<ServiceBaseOptions, 'logger' | 'errorStatus' | 'pollRoutes'> & { telemetry: Telemetry },
): RequestLifecycle {
  const { logger, errorStatus } = options;
  const { metrics, tracing } = options.telemetry;
  // Probes, scrapes and polls: routine, logged at debug while they succeed.
  const routine = new Set<string>([HEALTH_PATH, READY_PATH, METRICS_PATH, ...(options.pollRoutes ?? [])]);
  return {
    open(request) {
      const requestId = acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
      const parent = parseTraceparent(request.headers.get(TRACEPARENT_HEADER));
      const span = tracing?.startSpan(request.method, 'server', parent);
      return { requestId, trace: span ? span.context : (parent ?? newTraceContext()), span, startedAt: performance.now() };
    },
    record(method, route, path, status, elapsedMs, requestId, span) {
      // By route template (`/bookings/:id`), never the raw path: one series per route, not per id.
      metrics.observeRequest(method, route || UNMATCHED_ROUTE, status, elapsedMs === undefined ? 0 : elapsedMs / 1000);
      if (span) {
        span.rename(`${method} ${route || UNMATCHED_ROUTE}`);
        span.end(status >= 500, { 'http.response.status_code': status, 'http.route': route || UNMATCHED_ROUTE });
      }
      const line = { method, path, status, durationMs: elapsedMs === undefined ? undefined : Math.round(elapsedMs * 100) / 100, requestId };
      if (status < 400 && routine.has(route || path || '')) logger.debug('request', line);
      else logger.info('request', line);
    },
    errorAnswer(error, code, set, request) {
      // The derive hook may not have run (e.g. a parse error), so make sure the id is set.
      set.headers[REQUEST_ID_HEADER] ??= acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
      const status = error instanceof DomainError ? statusForCode(error.code, errorStatus) : undefined;
      if (error instanceof DomainError && status !== undefined) {
        set.status = status;
        if (error.retryAfterS !== undefined) set.headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterS)));
        return fail(error.code, error.message);
      }
      switch (code) {
        case 'VALIDATION':
          // A response that fails its own schema is our fault (a stored document of the wrong
          // shape, say one inserted by hand with an ObjectId _id), never the caller's.
          if ((error as { type?: unknown }).type === 'response') {
            logger.error('response failed its schema', { path: pathOfUrl(request.url), problem: describeValidation(error) });
            set.status = 500;
            return fail('INTERNAL', 'Something went wrong on our side');
          }
          set.status = 400;
          return fail('VALIDATION_FAILED', describeValidation(error));
        case 'PARSE':
          set.status = 400;
          return fail('MALFORMED_JSON', 'The request body is not valid JSON');
        case 'NOT_FOUND':
          set.status = 404;
          return fail('ROUTE_NOT_FOUND', `No route for ${request.method} ${pathOfUrl(request.url)}`);
      }
      // A DomainError whose code is not in this service's table (nor the common one) falls through
      // to the logged 500: never a guessed status.
      if ((error as { status?: unknown })?.status === 413) {
        set.status = 413;
        return fail('PAYLOAD_TOO_LARGE', 'The request body is too large');
      }
      const unlisted = error instanceof DomainError ? { errorCode: error.code, reason: 'the code has no status in this service error table' } : {};
      logger.error('unhandled error', { code, ...unlisted, error: String((error as Error)?.stack ?? error), path: pathOfUrl(request.url) });
      set.status = 500;
      return fail('INTERNAL', 'Something went wrong on our side');
    },
  };
}

/**
 * What every service puts in front of its routes: the request id, one structured log line per
 * request, the error envelope for every failure (validation and malformed JSON as 400, unknown
 * routes as 404, internal causes logged and never sent), and /healthz + /readyz.
 */
export function serviceBase(options: ServiceBaseOptions) {
  const { logger, readiness = {} } = options;
  const telemetry = options.telemetry ?? createTelemetry({ service: options.service });
  const { metrics } = telemetry;
  const lifecycle = createRequestLifecycle({ ...options, telemetry });
  const metricsPolicy: MetricsPolicy = options.metrics ?? { token: telemetry.metricsToken, withoutToken: 'open' };
  const internalCallers = options.internalCallers ?? NO_INTERNAL_CALLERS;
  const beforeRouting = options.beforeRouting;
  /** An answer given in onRequest, before routing: onAfterResponse does not run for it, so it is logged, counted and its span ended here. */
  const answerEarly = (
    request: Request,
    set: { status?: unknown; headers: Record<string, unknown> },
    served: ServedRequest,
    path: string,
    status: number,
    body: unknown,
  ) => {
    set.status = status;
    set.headers[REQUEST_ID_HEADER] = served.requestId;
    const elapsedMs = performance.now() - served.startedAt;
    metrics.observeRequest(request.method, UNMATCHED_ROUTE, status, elapsedMs / 1000);
    logger.info('request', { method: request.method, path, status, durationMs: Math.round(elapsedMs * 100) / 100, requestId: served.requestId });
    served.span?.end(false, { 'http.response.status_code': status });
    return body;
  };
  return (
    new Elysia({ name: `service-base:${options.service}` })
      // Named fields only, never the whole context: Elysia reads its hooks' source to decide what to parse per request.
      .onRequest(({ request, set, server }) => {
        // First of all hooks (the gateway's policy runs at its end, as beforeRouting), so everything this request does,
        // its JWKS fetch included, runs in its scope: its request id and its trace, accepted from
        // the caller's traceparent or started here, with a server span when traces are on.
        const served = lifecycle.open(request);
        enterRequestScope(served);
        const routeOn = () => beforeRouting?.({ request, set, server } as BeforeRoutingContext);
        const url = request.url;
        // SERVICE_APP_CONFIG has the router look for the path after "http://"; behind "https://"
        // it would route every request wrongly, so say so at once (TLS ends in front of us).
        if (url.charCodeAt(4) === 115 /* s */) throw new Error(`an https URL reached ${options.service}: it speaks plain http (SERVICE_APP_CONFIG)`);
        // Without a usable Host (none in HTTP/1.0, an empty or invalid one) Bun gives the bare
        // target as the URL, which the router cannot read: refused in the envelope, and logged.
        // Health probes that send no Host still get their answer (the router reads those paths).
        if (url.charCodeAt(0) !== 47 /* / */) {
          // Only another service may call /internal/*: its credential, checked before routing, body
          // parsing or validation, so nothing about these routes is told to a caller without one.
          // A user's bearer token is never one (only X-Service-Credential is read).
          const pathStart = url.indexOf('/', url.indexOf('://') + 3);
          if (pathStart < 0 || !url.startsWith(INTERNAL_PATH_PREFIX, pathStart)) return routeOn();
          const checked = internalCallers.check(request.headers.get(SERVICE_CREDENTIAL_HEADER));
          if (checked.ok) return routeOn();
          const message =
            checked.code === 'SERVICE_CREDENTIAL_REQUIRED'
              ? "Internal routes need the calling service's credential (X-Service-Credential)"
              : 'The service credential is not accepted here';
          return answerEarly(request, set, served, pathOfUrl(url), 401, fail(checked.code, message));
        }
        const path = pathOfUrl(url);
        if (isHealthPath(path)) return routeOn();
        return answerEarly(request, set, served, path, 400, fail('MISSING_HOST', 'A valid Host header is required'));
      })
      .derive({ as: 'global' }, ({ request, set }) => {
        const served = currentRequestScope() as ServedRequest | undefined;
        const requestId = served?.requestId ?? acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
        set.headers[REQUEST_ID_HEADER] = requestId;
        return { requestId, startedAt: served?.startedAt ?? performance.now() };
      })
      .onTransform({ as: 'global' }, ({ body }) => {
        // Before validation: shapes that would crash Elysia's validation message become a 400.
        if (typeof body !== 'object' || body === null) return;
        const problem = bodyShapeProblem(body);
        if (problem) throw new DomainError('VALIDATION_FAILED', problem);
      })
      .onAfterResponse({ as: 'global' }, (ctx) => {
        const { request, set } = ctx;
        const { requestId, startedAt, path, route, responseValue } = ctx as unknown as {
          requestId?: string;
          startedAt?: number;
          path?: string;
          route?: string;
          responseValue?: unknown;
        };
        // A handler that answers with a Response (an idempotent replay, a 201) sets its status there, not in `set`.
        const status = responseValue instanceof Response ? responseValue.status : typeof set.status === 'number' ? set.status : 200;
        const elapsedMs = startedAt === undefined ? undefined : performance.now() - startedAt;
        // Bun empties request.url once a served response is sent (new URL('') throws), so the path comes from the context.
        // Answers made before derive ran (e.g. a gateway 429) got their id in onError: log that one.
        lifecycle.record(
          request.method,
          route,
          path,
          status,
          elapsedMs,
          requestId ?? set.headers[REQUEST_ID_HEADER] ?? request.headers.get(REQUEST_ID_HEADER),
          (currentRequestScope() as ServedRequest | undefined)?.span,
        );
      })
      .onError({ as: 'global' }, ({ code, error, set, request }) => lifecycle.errorAnswer(error, code, set, request))
      .get(HEALTH_PATH, () => ({ status: 'ok', service: options.service }), { detail: { hide: true } })
      .get(
        METRICS_PATH,
        async ({ request, set }) => {
          const access = metricsAccess(metricsPolicy, request.headers.get('authorization'));
          if (access === 'not-found') {
            set.status = 404;
            return fail('ROUTE_NOT_FOUND', `No route for GET ${METRICS_PATH}`);
          }
          if (access === 'unauthorized') {
            set.status = 401;
            set.headers['www-authenticate'] = 'Bearer realm="metrics"';
            return fail('UNAUTHORIZED', 'The metrics token is required');
          }
          return new Response(await metrics.scrape(), { headers: { 'content-type': metrics.contentType } });
        },
        { detail: { hide: true } },
      )
      .get(
        READY_PATH,
        async ({ set }) => {
          const entries = await Promise.all(
            Object.entries(readiness).map(async ([name, r]) => {
              const up = await r.check().catch(() => false);
              return [name, { status: up ? 'up' : 'down', required: r.required, ...(r.kind ? { kind: r.kind } : {}) }] as const;
            }),
          );
          const deps = Object.fromEntries(entries);
          const failed = entries.filter(([, d]) => d.status === 'down');
          const canServe = failed.every(([, d]) => !d.required);
          set.status = canServe ? 200 : 503;
          const status = failed.length === 0 ? 'ready' : canServe ? 'degraded' : 'unavailable';
          // Why it is not plainly ready, for whoever reads a failing probe (the required causes first).
          const causes = [...failed].sort(([, a], [, b]) => Number(b.required) - Number(a.required));
          const reason = causes.map(([name]) => readiness[name]?.reason ?? `${name} is down`).join('; ');
          return { status, service: options.service, ...(reason ? { reason } : {}), dependencies: deps };
        },
        { detail: { hide: true } },
      )
  );
}

/** A one-line, client-safe summary of an Elysia validation error. */
function describeValidation(error: unknown): string {
  const e = error as { all?: { path?: string; summary?: string; message?: string }[]; message?: string };
  const first = e.all?.[0];
  if (first) {
    const where = first.path ? first.path.replace(/^\//, '').replaceAll('/', '.') : 'request';
    return `Invalid ${where || 'request'}: ${first.summary ?? first.message ?? 'failed validation'}`;
  }
  return 'The request failed validation';
}
