import { type BookingsErrorCode, type Cart, type MarketCode, type Quote, QuoteSchema, type UpstreamFailureCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';

/** Prices a cart in a market: the one way bookings learns amounts (catalog's POST /jobs/pricing). */
export interface CatalogPort {
  quoteCart(cart: Cart, market: MarketCode, requestId?: string): Promise<Quote>;
}

/** Catalog's cart errors a customer can fix; passed through with the catalog's code. */
const CART_CODES: ReadonlySet<string> = new Set<BookingsErrorCode>([
  'UNKNOWN_SERVICE',
  'SERVICE_NOT_OFFERED',
  'INVALID_CART',
  'INVALID_HOURS',
  'INVALID_QTY',
  'INVALID_SERVICE_ID',
]);

/** The shared client's own failures (no answer in time, unusable answer, unreachable): passed on as they are. */
const UPSTREAM_CODES: ReadonlySet<string> = new Set<UpstreamFailureCode>(['UPSTREAM_TIMEOUT', 'UPSTREAM_ERROR', 'UPSTREAM_UNAVAILABLE']);

/**
 * The catalog over HTTP through the shared service client: one call per booking, a timeout, the
 * request id forwarded, and the answer checked against the Quote contract (an unusable answer is
 * the catalog's failure, never a price). Catalog's 400s keep their code when a customer can fix
 * them (any other 400 is INVALID_CART); any other catalog error is UPSTREAM_UNAVAILABLE.
 */
export function createHttpCatalog(options: { baseUrl: string; timeoutMs: number } & ClientKit): CatalogPort {
  const client = createServiceClient({ service: 'catalog', ...options });
  return {
    async quoteCart(cart, market, requestId) {
      const res = await client.call('/jobs/pricing', { method: 'POST', body: cart, schema: QuoteSchema, requestId, headers: { 'x-country': market } });
      if (res.ok) return res.data;
      if (UPSTREAM_CODES.has(res.code)) throw new DomainError(res.code as UpstreamFailureCode, 'Prices cannot be fetched right now; try again shortly');
      if (res.status === 400)
        throw new DomainError(CART_CODES.has(res.code) ? (res.code as BookingsErrorCode) : 'INVALID_CART', res.message || 'The cart cannot be priced');
      throw new DomainError('UPSTREAM_UNAVAILABLE', 'Prices cannot be fetched right now; try again shortly');
    },
  };
}
