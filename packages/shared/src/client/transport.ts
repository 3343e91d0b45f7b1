import { COMMON_ERROR_STATUS, type UpstreamFailureCode } from '@tm/contracts/errors';
import { REQUEST_ID_HEADER } from '../core/request-id.ts';
import { currentRequestScope } from '../core/request-scope.ts';
import { formatTraceparent, TRACEPARENT_HEADER } from '../core/trace-context.ts';
import { SERVICE_CREDENTIAL_HEADER } from '../http/service-credentials.ts';
import type { CallOutcome } from '../telemetry/service-metrics.ts';
import type { ServiceClientOptions } from './options.ts';

/** The failure half of a result: the shared UPSTREAM_* codes, or the called service's own error envelope. */
export interface ServiceFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** What the transport needs of a request (the client's request types satisfy it). */
interface Sendable {
  method?: string;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
  requestId?: string | undefined;
  headers?: Readonly<Record<string, string | undefined>>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The fields of a call's log lines. */
type CallLog = Record<string, unknown>;

/** A call that got an answer: the response, its log fields, and `end`, which records how it turned out. */
export interface Answered {
  ok: true;
  response: Response;
  log: CallLog;
  end(outcome: CallOutcome): void;
}

/** Sends one call and maps what cannot be answered; shared by the envelope and raw modes. */
export interface Outbound {
  /** The base URL without a trailing slash. */
  readonly base: string;
  send(path: string, request: Sendable, accept: string | undefined): Promise<Answered | ServiceFailure>;
  /** An UPSTREAM_* failure of an answered call, logged as a warning and recorded. */
  failure(code: UpstreamFailureCode, answered: Answered, log?: CallLog): ServiceFailure;
}

/** The outcome a failure code is counted as. */
const OUTCOME: Record<UpstreamFailureCode, CallOutcome> = { UPSTREAM_TIMEOUT: 'timeout', UPSTREAM_UNAVAILABLE: 'unavailable', UPSTREAM_ERROR: 'bad_answer' };

const MESSAGES: Record<UpstreamFailureCode, (service: string) => string> = {
  UPSTREAM_TIMEOUT: (s) => `The ${s} service did not answer in time`,
  UPSTREAM_UNAVAILABLE: (s) => `The ${s} service is unavailable`,
  UPSTREAM_ERROR: (s) => `The ${s} service gave an unusable answer`,
};

/**
 * The one place a call between services goes out: the URL joined as text (a base with a path
 * keeps it, as the /api proxy joins them), X-Request-Id from the call or the request scope, this
 * process's service credential, one
 * budget covering connect, answer and body, and a refused connection or a timeout as a failure.
 */
export function createTransport(options: ServiceClientOptions): Outbound {
  const { service, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  const fail = (code: UpstreamFailureCode, log: CallLog): ServiceFailure => {
    if (!options.quiet) logger.warn('service call failed', { upstream: service, code, ...log });
    return { ok: false, status: COMMON_ERROR_STATUS[code], code, message: MESSAGES[code](service) };
  };

  return {
    base,
    failure(code, answered, log = answered.log) {
      answered.end(OUTCOME[code]);
      return fail(code, log);
    },
    async send(path, request, accept) {
      const url = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers = new Headers(accept ? { accept } : {});
      const scope = currentRequestScope();
      const requestId = request.requestId ?? scope?.requestId;
      if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
      for (const [k, v] of Object.entries(request.headers ?? {})) if (v !== undefined) headers.set(k, v);
      // Set last: a caller's own headers never replace (nor forge) this process's credential.
      if (options.credential !== undefined) headers.set(SERVICE_CREDENTIAL_HEADER, options.credential);
      else headers.delete(SERVICE_CREDENTIAL_HEADER);
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      const method = request.method ?? 'GET';
      const log: CallLog = { method, path: url.pathname, requestId };
      const budget = AbortSignal.timeout(request.timeoutMs ?? options.timeoutMs);
      const call = options.telemetry?.startCall(service, method, url.pathname);
      // The call's own span when traces are on, else the request's context passed on as it came.
      const traceparent = call ? call.traceparent : scope?.trace ? formatTraceparent(scope.trace) : undefined;
      if (traceparent) headers.set(TRACEPARENT_HEADER, traceparent);
      try {
        const response = await doFetch(url, {
          method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          // A service never redirects another; following one would carry our headers elsewhere.
          redirect: 'manual',
          signal: request.signal ? AbortSignal.any([budget, request.signal]) : budget,
        });
        return { ok: true, response, log, end: (outcome) => call?.end(outcome) };
      } catch (error) {
        const timeout = (error as Error)?.name === 'TimeoutError';
        call?.end(timeout ? 'timeout' : 'unavailable');
        if (timeout) return fail('UPSTREAM_TIMEOUT', { ...log, reason: 'timeout' });
        return fail('UPSTREAM_UNAVAILABLE', { ...log, reason: 'unavailable', error: String(error) });
      }
    },
  };
}
