import { MARKET_CODES, ServiceSchema } from '@tm/contracts';
import { t } from 'elysia';
import { keepConforming } from '../contract-check.ts';
import type { UpstreamClient } from '../upstream.ts';
import type { LoadResult } from './cache.ts';
import type { MarketPrice } from './model.ts';

/** The part of a catalog GET /services entry the llms files quote: its slug and one market's pricing. */
const ServicePriceEntrySchema = t.Pick(ServiceSchema, ['slug', 'pricing']);

const PAGE_SIZE = 100;
/** A bound on pages per market, so a catalog that misreports its total cannot loop us forever. */
const MAX_PAGES = 100;

/**
 * Every service's hourly rate in every market, read from the public GET /services (one walk of
 * the pages per market, X-Country set, X-Lang en) so the llms files quote the same prices the
 * API does. Any failed page fails the load, and the cache keeps the last complete table.
 */
export async function loadMarketPrices(upstream: UpstreamClient, requestId: string): Promise<LoadResult<Map<string, MarketPrice[]>>> {
  const prices = new Map<string, MarketPrice[]>();
  for (const market of MARKET_CODES) {
    for (let page = 1, seen = 0; page <= MAX_PAGES; page++) {
      const res = await upstream.call<unknown[]>('catalog', '/services', { requestId, country: market, lang: 'en' }, { query: { page, limit: PAGE_SIZE } });
      if (!res.ok) return { ok: false };
      const entries = keepConforming(ServicePriceEntrySchema, res.data);
      for (const e of entries) {
        const list = prices.get(e.slug) ?? [];
        list.push({ market: e.pricing.market, currency: e.pricing.currency, hourlyRate: e.pricing.hourlyRate });
        prices.set(e.slug, list);
      }
      seen += res.data.length;
      const total = Number(res.headers.get('x-total-count'));
      if (res.data.length < PAGE_SIZE || !(seen < total)) break;
    }
  }
  return { ok: true, value: prices };
}
