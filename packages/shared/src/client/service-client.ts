import type { Static, TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { COMMON_ERROR_STATUS, type UpstreamFailureCode } from '@tm/contracts/errors';
import { isEnvelope } from '../core/envelope.ts';
import type { Logger } from '../core/logger.ts';
import { REQUEST_ID_HEADER } from '../core/request-id.ts';

/** A TypeBox schema (any `t.*` schema), re-exported so callers need not depend on TypeBox. */
export type { TSchema };

/** Where one service reaches another, and how long it waits. */
export interface ServiceClientOptions {
  /** The called service's name, for log lines and failure messages ('talent', 'catalog'). */
  service: string;
  /** Base URL; a path in it is kept (`http://h/catalog` + `/x` -> `http://h/catalog/x`). */
  baseUrl: string;
  /** Whole-call budget (connect, answer and body), after which the call is UPSTREAM_TIMEOUT. */
  timeoutMs: number;
  fetch?: typeof fetch;
  logger: Logger;
}

/** One call: what to send, and the schema the success envelope's `data` must satisfy. */
export interface ServiceRequest<S extends TSchema> {
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Forwarded as X-Request-Id so one request is traceable through every service's log. */
  requestId?: string | undefined;
  /** Further headers (locale, a bearer token); undefined values are left out. */
  headers?: Readonly<Record<string, string | undefined>>;
}

/** The failure half of a result: the shared UPSTREAM_* codes, or the called service's own error envelope. */
export interface ServiceFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** A call's outcome: the envelope's checked `data`, or a failure. Never thrown. */
export type ServiceResult<T> = { ok: true; data: T; status: number; headers: Headers } | ServiceFailure;

/** Calls one service's HTTP API. */
export interface ServiceClient {
  call<S extends TSchema>(path: string, request: ServiceRequest<S>): Promise<ServiceResult<Static<S>>>;
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
 *   const quote = await catalog.call('/jobs/pricing', { method: 'POST', body: cart, schema: QuoteSchema, requestId });
 *   if (!quote.ok) ...; // quote.code is UPSTREAM_* or catalog's own code (e.g. UNKNOWN_SERVICE), quote.status its status
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { service, timeoutMs, logger } = options;
  const doFetch = options.fetch ?? fetch;
  // Joined as text, as the /api proxy joins them, so a base with a path keeps it.
  const base = options.baseUrl.replace(/\/+$/, '');

  const failure = (code: UpstreamFailureCode, message: string, log: Record<string, unknown>): ServiceFailure => {
    logger.warn('service call failed', { upstream: service, code, ...log });
    return { ok: false, status: COMMON_ERROR_STATUS[code], code, message };
  };

  return {
    async call<S extends TSchema>(path: string, request: ServiceRequest<S>): Promise<ServiceResult<Static<S>>> {
      const url = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers = new Headers({ accept: 'application/json' });
      if (request.requestId) headers.set(REQUEST_ID_HEADER, request.requestId);
      for (const [k, v] of Object.entries(request.headers ?? {})) if (v !== undefined) headers.set(k, v);
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      const log = { method: request.method ?? 'GET', path: url.pathname, requestId: request.requestId };

      let res: Response;
      let body: unknown;
      try {
        res = await doFetch(url, {
          method: request.method ?? 'GET',
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error)) return failure('UPSTREAM_TIMEOUT', `The ${service} service did not answer in time`, { ...log, reason: 'timeout' });
        return failure('UPSTREAM_UNAVAILABLE', `The ${service} service is unavailable`, { ...log, reason: 'unavailable', error: String(error) });
      }
      try {
        body = await res.json();
      } catch (error) {
        if (isTimeout(error))
          return failure('UPSTREAM_TIMEOUT', `The ${service} service did not answer in time`, { ...log, reason: 'timeout', status: res.status });
        body = undefined;
      }
      if (!isEnvelope(body)) {
        return failure('UPSTREAM_ERROR', `The ${service} service gave an unusable answer`, { ...log, reason: 'not an envelope', status: res.status });
      }
      if (!body.success) {
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
        return failure('UPSTREAM_ERROR', `The ${service} service gave an unusable answer`, {
          ...log,
          reason: 'data fails the contract',
          status: res.status,
          at: first?.path,
          problem: first?.message,
        });
      }
      return { ok: true, data: data as Static<S>, status: res.status, headers: res.headers };
    },
  };
}

function isTimeout(error: unknown): boolean {
  return (error as Error)?.name === 'TimeoutError';
}
