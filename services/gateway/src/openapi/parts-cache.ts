import type { Clock, Logger } from '@tm/shared';
import { createServiceClient, type ServiceClient } from '@tm/shared/client';
import type { Telemetry } from '@tm/shared/telemetry';
import type { Upstreams } from '../site-deps.ts';
import { isObject, type OpenApiDoc } from './normalize-document.ts';
import { SERVICE_NAMES, type ServiceName } from './public-api.ts';

/** Where the parts come from and how long they stay fresh. */
export interface PartsCacheOptions {
  upstreams: Upstreams;
  fetch: typeof fetch;
  clock: Clock;
  logger: Logger;
  telemetry?: Telemetry | undefined;
  /** This process's service credential (SERVICE_CREDENTIAL), sent on every call to another service's /internal routes. */
  serviceCredential?: string | undefined;
  /** How long one service may take to answer. */
  timeoutMs: number;
  /** After this long a part is refreshed in the background while the cached one is served. */
  freshForMs?: number;
  /** A service that failed is not asked again (on the request path) for this long. */
  retryAfterFailureMs?: number;
}

/** The parts known right now; `generation` changes whenever any part changes. */
export interface PartsSnapshot {
  parts: Partial<Record<ServiceName, OpenApiDoc>>;
  generation: number;
}

interface Entry {
  doc?: OpenApiDoc;
  json?: string;
  fetchedAt: number;
  failedAt?: number;
  inflight?: Promise<void>;
}

/**
 * Keeps the last good OpenAPI part of each service. A cached part is served at once and
 * refreshed in the background once older than `freshForMs` (a failed refresh keeps the old
 * part); a part never fetched is fetched on the request path, at most once per
 * `retryAfterFailureMs` while its service is down, so a dead service costs a request one
 * timeout at most, not one per request.
 */
export function createPartsCache(options: PartsCacheOptions) {
  const { clock, logger, timeoutMs, freshForMs = 60_000, retryAfterFailureMs = 5_000 } = options;
  const entries = new Map<ServiceName, Entry>(SERVICE_NAMES.map((s) => [s, { fetchedAt: Number.NEGATIVE_INFINITY }]));
  let generation = 0;
  const clients = new Map<ServiceName, ServiceClient>(
    SERVICE_NAMES.map((service) => [
      service,
      createServiceClient({
        service,
        baseUrl: options.upstreams[service],
        timeoutMs,
        fetch: options.fetch,
        logger,
        telemetry: options.telemetry,
        credential: options.serviceCredential,
      }),
    ]),
  );

  async function refresh(service: ServiceName, entry: Entry): Promise<void> {
    try {
      const doc = await fetchPart(clients.get(service) as ServiceClient);
      const json = JSON.stringify(doc);
      if (json !== entry.json) generation += 1;
      Object.assign(entry, { doc, json, fetchedAt: clock.now(), failedAt: undefined });
    } catch (err) {
      entry.failedAt = clock.now();
      logger.warn('openapi part unavailable', { service, error: (err as Error).message, cached: entry.doc !== undefined });
    }
  }

  function start(service: ServiceName, entry: Entry): Promise<void> {
    entry.inflight ??= refresh(service, entry).finally(() => {
      entry.inflight = undefined;
    });
    return entry.inflight;
  }

  return {
    /** The parts to merge now: waits only for parts that were never fetched. */
    async snapshot(): Promise<PartsSnapshot> {
      const now = clock.now();
      const waits: Promise<void>[] = [];
      for (const [service, entry] of entries) {
        const recentlyFailed = entry.failedAt !== undefined && now - entry.failedAt < retryAfterFailureMs;
        if (entry.doc === undefined) {
          if (!recentlyFailed) waits.push(start(service, entry));
          else if (entry.inflight) waits.push(entry.inflight);
        } else if (now - entry.fetchedAt >= freshForMs && !recentlyFailed) {
          void start(service, entry); // stale-while-revalidate
        }
      }
      await Promise.all(waits);
      const parts: Partial<Record<ServiceName, OpenApiDoc>> = {};
      for (const [service, entry] of entries) if (entry.doc !== undefined) parts[service] = entry.doc;
      return { parts, generation };
    },
    /** Resolves when no fetch is running (tests use it instead of sleeping). */
    async settled(): Promise<void> {
      await Promise.all([...entries.values()].map((e) => e.inflight));
    },
  };
}

/** The cache routes.ts holds for the life of the gateway. */
export type PartsCache = ReturnType<typeof createPartsCache>;

/** Asks one service for its part (an OpenAPI document, not the envelope: the client's raw mode); throws when the answer is not an OpenAPI 3 document. */
async function fetchPart(client: ServiceClient): Promise<OpenApiDoc> {
  const answer = await client.raw('/openapi/json', { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`GET /openapi/json: ${answer.message}`);
  const res = answer.response;
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`GET /openapi/json answered ${res.status}`);
  }
  const body: unknown = await res.json();
  if (!isObject(body) || typeof body.openapi !== 'string' || !body.openapi.startsWith('3.') || !isObject(body.paths)) {
    throw new Error(`GET /openapi/json is not an OpenAPI 3 document`);
  }
  return body as OpenApiDoc;
}
