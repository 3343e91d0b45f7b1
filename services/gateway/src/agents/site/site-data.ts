import { type ServiceIndexEntry, ServiceIndexEntrySchema, type TalentIndexEntry, TalentIndexEntrySchema } from '@tm/contracts';
import type { Clock } from '@tm/shared';
import { keepConforming } from '../contract-check.ts';
import type { UpstreamClient } from '../upstream.ts';
import { createCachedSource } from './cache.ts';
import type { MarketPrice, SiteData } from './model.ts';
import { loadMarketPrices } from './prices.ts';

/** How long site files are served from memory before the services are asked again. */
export const SITE_CACHE_TTL_MS = 60_000;
/** How long to wait before asking a failing service again. */
export const SITE_RETRY_MS = 5_000;

export interface SiteDataOptions {
  upstream: UpstreamClient;
  clock: Clock;
  ttlMs?: number;
  retryMs?: number;
}

/**
 * Live site data: catalog's service index and market prices and talent's talent index, each cached on its own, so
 * one service being down leaves the other's pages (and the last good copy of its own) in place.
 */
export function createSiteData(options: SiteDataOptions): { get(requestId: string): Promise<SiteData> } {
  const ttlMs = options.ttlMs ?? SITE_CACHE_TTL_MS;
  const retryMs = options.retryMs ?? SITE_RETRY_MS;
  let requestId = 'site-files';
  const services = createCachedSource<ServiceIndexEntry[]>({
    clock: options.clock,
    ttlMs,
    retryMs,
    fallback: [],
    load: async () => {
      const res = await options.upstream.call<unknown>('catalog', '/internal/service-index', { requestId });
      return res.ok ? { ok: true, value: keepConforming(ServiceIndexEntrySchema, res.data) } : { ok: false };
    },
  });
  const talent = createCachedSource<TalentIndexEntry[]>({
    clock: options.clock,
    ttlMs,
    retryMs,
    fallback: [],
    load: async () => {
      const res = await options.upstream.call<unknown>('talent', '/internal/talent-index', { requestId });
      return res.ok ? { ok: true, value: keepConforming(TalentIndexEntrySchema, res.data) } : { ok: false };
    },
  });
  const prices = createCachedSource<ReadonlyMap<string, MarketPrice[]>>({
    clock: options.clock,
    ttlMs,
    retryMs,
    fallback: new Map(),
    load: () => loadMarketPrices(options.upstream, requestId),
  });
  return {
    async get(id) {
      // The request that triggers a reload lends it its id, so the service logs can be correlated.
      requestId = id;
      const [s, t, p] = await Promise.all([services.get(), talent.get(), prices.get()]);
      return { services: s, talent: t, prices: p };
    },
  };
}
