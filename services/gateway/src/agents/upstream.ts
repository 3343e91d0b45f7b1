import { isEnvelope } from '@tm/shared';
import type { SiteDeps } from '../site-deps.ts';

/** Which service a call goes to. */
export type UpstreamName = 'catalog' | 'talent' | 'bookings';

/** What the agent features forward to the services on every call (localization and tracing). */
export interface CallContext {
  requestId: string;
  country?: string | undefined;
  lang?: string | undefined;
  authorization?: string | undefined;
}

export interface UpstreamRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** A service answer reduced to what callers branch on: the envelope's data, or its error. */
export type UpstreamResult<T> = { ok: true; data: T; status: number; headers: Headers } | { ok: false; status: number; code: string; message: string };

/** Calls the services' HTTP APIs (the same endpoints the public API proxies to). */
export interface UpstreamClient {
  call<T>(service: UpstreamName, path: string, ctx: CallContext, request?: UpstreamRequest): Promise<UpstreamResult<T>>;
}

/**
 * The one HTTP client of the agent features. Never throws: a timeout, a refused connection or a
 * non-envelope answer becomes an error result, so site files and MCP tools can degrade instead of
 * failing with a 500.
 */
export function createUpstreamClient(deps: Pick<SiteDeps, 'upstreams' | 'fetch' | 'upstreamTimeoutMs' | 'logger'>): UpstreamClient {
  return {
    async call<T>(service: UpstreamName, path: string, ctx: CallContext, request: UpstreamRequest = {}) {
      // Joined as text, as the /api proxy joins them, so a base with a path (http://h/catalog) keeps it.
      const url = new URL(`${deps.upstreams[service].replace(/\/+$/, '')}${path}`);
      for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers = new Headers({ accept: 'application/json', 'x-request-id': ctx.requestId });
      if (ctx.country) headers.set('x-country', ctx.country);
      if (ctx.lang) headers.set('x-lang', ctx.lang);
      if (ctx.authorization) headers.set('authorization', ctx.authorization);
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      for (const [k, v] of Object.entries(request.headers ?? {})) headers.set(k, v);
      let res: Response;
      try {
        res = await deps.fetch(url, {
          method: request.method ?? 'GET',
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(deps.upstreamTimeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error)?.name === 'TimeoutError';
        deps.logger.warn('agent upstream call failed', { service, path: url.pathname, requestId: ctx.requestId, error: String(error) });
        return timedOut
          ? { ok: false, status: 504, code: 'UPSTREAM_TIMEOUT', message: `The ${service} service did not answer in time` }
          : { ok: false, status: 503, code: 'UPSTREAM_UNAVAILABLE', message: `The ${service} service is unavailable` };
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (!isEnvelope(body)) {
        deps.logger.warn('agent upstream answered without an envelope', { service, path: url.pathname, status: res.status, requestId: ctx.requestId });
        return { ok: false, status: 502, code: 'UPSTREAM_INVALID', message: `The ${service} service gave an unreadable answer` };
      }
      if (!body.success) return { ok: false, status: res.status, code: body.error.code, message: body.error.message };
      return { ok: true, data: body.data as T, status: res.status, headers: res.headers };
    },
  };
}
