import { createServiceClient, type ServiceClient, type TSchema } from '@tm/shared/client';
import { t } from 'elysia';
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
  /** The contract schema the answer's `data` must satisfy (else UPSTREAM_ERROR); any data when left out. */
  schema?: TSchema;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** A service answer reduced to what callers branch on: the envelope's data, or its error. */
export type UpstreamResult<T> = { ok: true; data: T; status: number; headers: Headers } | { ok: false; status: number; code: string; message: string };

/** Calls the services' HTTP APIs (the same endpoints the public API proxies to). */
export interface UpstreamClient {
  call<T>(service: UpstreamName, path: string, ctx: CallContext, request?: UpstreamRequest): Promise<UpstreamResult<T>>;
}

const AnyData = t.Unknown();

/**
 * The one HTTP client of the agent features, on the shared service client. Never throws: a
 * timeout, a refused connection or an answer that is not the envelope becomes an error result
 * with the shared codes (UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, UPSTREAM_ERROR), so site files
 * and MCP tools can degrade instead of failing with a 500.
 */
export function createUpstreamClient(deps: Pick<SiteDeps, 'upstreams' | 'fetch' | 'upstreamTimeoutMs' | 'logger'>): UpstreamClient {
  const clients = new Map<UpstreamName, ServiceClient>();
  const clientFor = (service: UpstreamName): ServiceClient => {
    let client = clients.get(service);
    if (!client) {
      client = createServiceClient({ service, baseUrl: deps.upstreams[service], timeoutMs: deps.upstreamTimeoutMs, fetch: deps.fetch, logger: deps.logger });
      clients.set(service, client);
    }
    return client;
  };
  return {
    async call<T>(service: UpstreamName, path: string, ctx: CallContext, request: UpstreamRequest = {}): Promise<UpstreamResult<T>> {
      const res = await clientFor(service).call(path, {
        schema: request.schema ?? AnyData,
        method: request.method ?? 'GET',
        query: request.query,
        body: request.body,
        requestId: ctx.requestId,
        headers: {
          'x-country': ctx.country || undefined,
          'x-lang': ctx.lang || undefined,
          authorization: ctx.authorization || undefined,
          ...request.headers,
        },
      });
      if (!res.ok) return res;
      return { ok: true, data: res.data as T, status: res.status, headers: res.headers };
    },
  };
}
