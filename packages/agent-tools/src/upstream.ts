import { Type } from '@sinclair/typebox';
import { COMMON_ERROR_STATUS } from '@tm/contracts';
import type { Logger } from '@tm/shared';
import { createServiceClient, type ServiceClient, type TSchema } from '@tm/shared/client';
import type { Telemetry } from '@tm/shared/telemetry';

/** Which service a call goes to: every service a tool may call (a tool of a service not configured answers UPSTREAM_UNAVAILABLE). */
export type UpstreamName = 'catalog' | 'talent' | 'bookings' | 'content' | 'search' | 'growth';

/** Where the tools reach the services, and how long a call may take. */
export interface UpstreamClientOptions {
  /** Base URL per service; a service left out is reported unavailable by every call to it. */
  upstreams: Readonly<Partial<Record<UpstreamName, string>>>;
  fetch: typeof fetch;
  /** How long a call to a service may take before it counts as failed. */
  upstreamTimeoutMs: number;
  logger: Logger;
  /** The host's telemetry: calls counted and timed by service and outcome. */
  telemetry?: Telemetry | undefined;
  /** This process's service credential (SERVICE_CREDENTIAL), sent on every call to another service's /internal routes. */
  serviceCredential?: string | undefined;
}

/** What the agent features forward to the services on every call (localization and tracing). */
export interface CallContext {
  requestId: string;
  country?: string | undefined;
  lang?: string | undefined;
  authorization?: string | undefined;
  /** The person's address as the host resolved it, sent as X-Forwarded-For so per-IP limits count them, not the host. */
  clientIp?: string | undefined;
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

const AnyData = Type.Unknown();

/**
 * The one HTTP client of the agent tools, on the shared service client. Never throws: a timeout,
 * a refused connection, an answer that is not the envelope or a service with no base URL becomes
 * an error result with the shared codes (UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, UPSTREAM_ERROR),
 * so a tool can report a failed call instead of failing its host with a 500.
 */
export function createUpstreamClient(deps: UpstreamClientOptions): UpstreamClient {
  const clients = new Map<UpstreamName, ServiceClient>();
  const clientFor = (service: UpstreamName): ServiceClient | undefined => {
    let client = clients.get(service);
    const baseUrl = deps.upstreams[service];
    if (!client && baseUrl) {
      client = createServiceClient({
        service,
        baseUrl,
        timeoutMs: deps.upstreamTimeoutMs,
        fetch: deps.fetch,
        logger: deps.logger,
        telemetry: deps.telemetry,
        credential: deps.serviceCredential,
      });
      clients.set(service, client);
    }
    return client;
  };
  return {
    async call<T>(service: UpstreamName, path: string, ctx: CallContext, request: UpstreamRequest = {}): Promise<UpstreamResult<T>> {
      const client = clientFor(service);
      if (!client)
        return { ok: false, status: COMMON_ERROR_STATUS.UPSTREAM_UNAVAILABLE, code: 'UPSTREAM_UNAVAILABLE', message: `The ${service} service is unavailable` };
      const res = await client.call(path, {
        schema: request.schema ?? AnyData,
        method: request.method ?? 'GET',
        query: request.query,
        body: request.body,
        requestId: ctx.requestId,
        headers: {
          'x-country': ctx.country || undefined,
          'x-lang': ctx.lang || undefined,
          authorization: ctx.authorization || undefined,
          'x-forwarded-for': ctx.clientIp || undefined,
          ...request.headers,
        },
      });
      if (!res.ok) return res;
      return { ok: true, data: res.data as T, status: res.status, headers: res.headers };
    },
  };
}
