import type { Static, TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { isEnvelope } from '../core/envelope.ts';
import type { ServiceClientOptions } from './options.ts';
import { createTransport, type Outbound, type ServiceFailure } from './transport.ts';

/** A TypeBox schema (any `t.*` schema), re-exported so callers need not depend on TypeBox. */
export type { ServiceFailure, TSchema };

/** What every call may say: method, query, JSON body, request id, further headers, its own budget. */
export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Forwarded as X-Request-Id so one request is traceable through every service's log; by
   * default the id of the request being handled (serviceBase's request scope).
   */
  requestId?: string | undefined;
  /** Further headers (locale, a bearer token, If-None-Match); undefined values are left out. */
  headers?: Readonly<Record<string, string | undefined>>;
  /** This call's budget instead of the client's `timeoutMs` (a long download). */
  timeoutMs?: number;
}

/** One envelope call: the request, and the schema the success envelope's `data` must satisfy. */
export interface ServiceRequest<S extends TSchema> extends OutboundRequest {
  schema: S;
}

/** A raw call may also be cancelled by its caller. */
export interface RawRequest extends OutboundRequest {
  signal?: AbortSignal;
}

/** A call's outcome: the envelope's checked `data`, or a failure. Never thrown. */
export type ServiceResult<T> = { ok: true; data: T; status: number; headers: Headers } | ServiceFailure;

/** A raw call's outcome: the answer whatever its status, its body unread, or a transport failure. */
export type RawResult = { ok: true; response: Response } | ServiceFailure;

/** `fetch` as a library that fetches on its own calls it (jose's JWKS: `[customFetch]`). */
export type FetchLike = (url: string | URL, init?: { method?: string; headers?: HeadersInit; signal?: AbortSignal | null }) => Promise<Response>;

/** Calls one service's HTTP API. */
export interface ServiceClient {
  /** An envelope call: the `data` checked against `schema`, or a failure. */
  call<S extends TSchema>(path: string, request: ServiceRequest<S>): Promise<ServiceResult<Static<S>>>;
  /**
   * A call whose answer is not the envelope (an NDJSON index, an OpenAPI part, a health check):
   * the response as it came, any status; the caller reads or cancels its body, within the same
   * budget (the timeout also ends a body still streaming).
   */
  raw(path: string, request?: RawRequest): Promise<RawResult>;
  /**
   * `fetch` semantics over `raw`, for a library that fetches itself: URLs must lie under the base
   * URL; a transport failure rejects (a TimeoutError on timeout, as fetch's own).
   */
  readonly fetch: FetchLike;
}

/** One compiled checker per schema object (schemas are module-level constants, so this stays small). */
const checkers = new WeakMap<TSchema, TypeCheck<TSchema>>();
function checkerFor(schema: TSchema): TypeCheck<TSchema> {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = TypeCompiler.Compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

/**
 * The one outbound HTTP client between our processes. It never throws: a refused connection is
 * UPSTREAM_UNAVAILABLE (503), no answer within `timeoutMs` is UPSTREAM_TIMEOUT (504), and an
 * answer that is not the envelope, or whose `data` fails the schema, is UPSTREAM_ERROR (502)
 * (fields the schema does not name are dropped, not refused);
 * statuses come from the common error table. A service's own error envelope is returned as it
 * came (its status, code and message), so callers can pass a 404 on. Transport and
 * contract failures, and error answers of 500 or more, are logged as warnings.
 *
 *   const catalog = createServiceClient({ service: 'catalog', baseUrl: config.CATALOG_URL, timeoutMs: 2_000, logger });
 *   const quote = await catalog.call('/jobs/pricing', { method: 'POST', body: cart, schema: QuoteSchema });
 *   if (!quote.ok) ...; // quote.code is UPSTREAM_* or catalog's own code (e.g. UNKNOWN_SERVICE), quote.status its status
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { service, logger } = options;
  const transport = createTransport(options);

  async function call<S extends TSchema>(path: string, request: ServiceRequest<S>): Promise<ServiceResult<Static<S>>> {
    const sent = await transport.send(path, request, 'application/json');
    if (!sent.ok) return sent;
    const { response: res, log } = sent;
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      if (isTimeout(error)) return transport.failure('UPSTREAM_TIMEOUT', sent, { ...log, reason: 'timeout', status: res.status });
      body = undefined;
    }
    if (!isEnvelope(body)) return transport.failure('UPSTREAM_ERROR', sent, { ...log, reason: 'not an envelope', status: res.status });
    if (!body.success) {
      sent.end('error_answer');
      if (res.status >= 500)
        logger.warn('service call failed', { upstream: service, code: body.error.code, ...log, reason: 'error answer', status: res.status });
      return { ok: false, status: res.status, code: body.error.code, message: body.error.message };
    }
    // A tolerant reader: properties the contract does not name are dropped, not refused (the
    // called service may add a field before its callers know it); every named one must hold.
    const data = Value.Clean(request.schema, Value.Clone(body.data));
    const checker = checkerFor(request.schema);
    if (!checker.Check(data)) {
      const first = checker.Errors(data).First();
      return transport.failure('UPSTREAM_ERROR', sent, {
        ...log,
        reason: 'data fails the contract',
        status: res.status,
        at: first?.path,
        problem: first?.message,
      });
    }
    sent.end('ok');
    return { ok: true, data: data as Static<S>, status: res.status, headers: res.headers };
  }

  async function raw(path: string, request: RawRequest = {}): Promise<RawResult> {
    const sent = await transport.send(path, request, undefined);
    if (!sent.ok) return sent;
    // The answer is the caller's to read: a 5xx is the service's failure, any other status an answer.
    sent.end(sent.response.status >= 500 ? 'error_answer' : 'ok');
    return { ok: true, response: sent.response };
  }

  return { call, raw, fetch: fetchOver(raw, transport) };
}

/** fetch semantics over `raw`: the path is the URL's part below the base; failures reject as fetch would. */
function fetchOver(raw: ServiceClient['raw'], transport: Outbound): FetchLike {
  return async (url, init = {}) => {
    const href = String(url);
    if (!href.startsWith(transport.base)) throw new TypeError(`${href} is not under ${transport.base}`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RawRequest = { method: (init.method ?? 'GET') as RawRequest['method'], headers };
    if (init.signal) request.signal = init.signal;
    const res = await raw(href.slice(transport.base.length), request);
    if (res.ok) return res.response;
    if (res.code === 'UPSTREAM_TIMEOUT') throw new DOMException(res.message, 'TimeoutError');
    throw new TypeError(res.message);
  };
}

function isTimeout(error: unknown): boolean {
  return (error as Error)?.name === 'TimeoutError';
}
