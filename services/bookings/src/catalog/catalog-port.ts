import { Value } from '@sinclair/typebox/value';
import { type BookingsErrorCode, type Cart, type MarketCode, type Quote, QuoteSchema } from '@tm/contracts';
import { DomainError, REQUEST_ID_HEADER } from '@tm/shared';

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

/**
 * The catalog over HTTP: one call per booking, a timeout, the request id forwarded, and the
 * answer checked against the Quote contract (an unusable answer is the catalog's failure, never a price).
 */
export function createHttpCatalog(options: { baseUrl: string; timeoutMs: number; fetch?: typeof fetch }): CatalogPort {
  const doFetch = options.fetch ?? fetch;
  return {
    async quoteCart(cart, market, requestId) {
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl}/jobs/pricing`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-country': market, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) },
          body: JSON.stringify(cart),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw new DomainError('UPSTREAM_UNAVAILABLE', 'Prices cannot be fetched right now; try again shortly');
      }
      const body = (await res.json().catch(() => undefined)) as { success?: boolean; data?: unknown; error?: { code?: string; message?: string } } | undefined;
      if (res.status === 400 && body?.error?.code) {
        const code = CART_CODES.has(body.error.code) ? (body.error.code as BookingsErrorCode) : 'INVALID_CART';
        throw new DomainError(code, body.error.message ?? 'The cart cannot be priced');
      }
      if (res.status !== 200 || body?.success !== true || !Value.Check(QuoteSchema, body.data))
        throw new DomainError('UPSTREAM_UNAVAILABLE', 'Prices cannot be fetched right now; try again shortly');
      return body.data as Quote;
    },
  };
}
