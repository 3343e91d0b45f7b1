import type { Cart, MarketCode } from '@tm/contracts';
import type { DocumentCollection, DocumentStore } from '@tm/shared/store';
import { Elysia } from 'elysia';
import type { CatalogPort } from '../catalog/catalog-port.ts';

/** Counters the checkout bench reads (GET /internal/metrics, not routed by the gateway). */
export interface Metrics {
  documentWrites: number;
  catalogCalls: number;
}

const WRITES = new Set(['insertOne', 'insertMany', 'updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'deleteOne', 'deleteMany']);

/** The store with every write operation counted (one document operation = one write). */
export function countingDocuments(store: DocumentStore, metrics: Metrics): DocumentStore {
  return {
    kind: store.kind,
    ping: () => store.ping(),
    close: () => store.close(),
    collection(name) {
      const inner = store.collection(name);
      return new Proxy(inner, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          if (typeof prop === 'string' && WRITES.has(prop))
            return (...args: unknown[]) => {
              metrics.documentWrites++;
              return value.apply(target, args);
            };
          return value.bind(target);
        },
      }) as DocumentCollection<never>;
    },
  };
}

/** The catalog port with its calls counted. */
export function countingCatalog(catalog: CatalogPort, metrics: Metrics): CatalogPort {
  return {
    quoteCart(cart: Cart, market: MarketCode, requestId?: string) {
      metrics.catalogCalls++;
      return catalog.quoteCart(cart, market, requestId);
    },
  };
}

/** GET /internal/metrics: the counters since start. */
export function createMetricsRoutes(metrics: Metrics) {
  return new Elysia({ name: 'bookings-metrics' }).get('/internal/metrics', () => ({ success: true as const, data: { ...metrics } }));
}
