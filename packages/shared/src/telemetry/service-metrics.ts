import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import { CountOfHistogram, FastCounter, FastHistogram } from './fast-collectors.ts';

/** How a call to another service ended (the service client's outcomes). */
export type CallOutcome = 'ok' | 'error_answer' | 'bad_answer' | 'timeout' | 'unavailable';

/** Seconds: from a fast in-process answer to a slow upstream (the gateway's timeout is 5 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Store operations are mostly sub-millisecond on the embedded store, milliseconds on a server. */
const STORE_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/**
 * The route label of a request with no route template: an unknown path, or one answered before
 * routing (a gateway 429, a preflight, a missing Host). One series for all of them, never the path.
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/** A service's own counter, declared once (`bookings_created_total`, `messages_sent_total`). */
export interface CounterSpec<L extends string> {
  /** Prometheus name, snake_case, ending in `_total`. */
  name: string;
  help: string;
  labelNames?: readonly L[];
}

/**
 * One process's metrics: the built-in series every service has (requests, calls to other
 * services, store operations) and the counters a service declares for its own events.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** One answered request: its method, ROUTE TEMPLATE (`/bookings/:id`, never the raw path) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One call to another service, by target service and outcome. */
  observeCall(target: string, outcome: CallOutcome, seconds: number): void;
  /** One store operation: `store` mongodb | embedded | redis, the collection ('' for key-value stores), the operation. */
  observeStore(store: string, collection: string, operation: string, seconds: number): void;
  /**
   * A counter of the service's own events. Declaring the same name again hands back the same
   * counter, so a use case may declare what it counts where it counts it.
   */
  counter<L extends string>(spec: CounterSpec<L>): Counter<L>;
  /** The Prometheus text of every metric. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

/** Status codes as label values, made once. */
const STATUS_LABELS = Array.from({ length: 600 }, (_, i) => String(i));
const statusLabel = (status: number) => STATUS_LABELS[status] ?? String(status);

/**
 * Builds a registry with the built-in series. `processMetrics` adds prom-client's default
 * process metrics (CPU, memory, event loop lag, heap): main.ts asks for them; tests, building many
 * apps in one process, leave them out.
 */
export function createServiceMetrics(options: { processMetrics?: boolean } = {}): ServiceMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const requests = new FastHistogram(
    'http_request_duration_seconds',
    'Time to answer a request, by method, route template and status',
    ['method', 'route', 'status'],
    LATENCY_BUCKETS,
  );
  const calls = new FastHistogram(
    'service_call_duration_seconds',
    'Time of a call to another service, by target service and outcome',
    ['target', 'outcome'],
    LATENCY_BUCKETS,
  );
  const store = new FastHistogram(
    'store_operation_duration_seconds',
    'Time of a store operation, by store, collection and operation',
    ['store', 'collection', 'operation'],
    STORE_BUCKETS,
  );
  registry.registerMetric(requests as never);
  registry.registerMetric(new CountOfHistogram('http_requests_total', 'Requests answered, by method, route template and status', requests) as never);
  registry.registerMetric(calls as never);
  registry.registerMetric(new CountOfHistogram('service_calls_total', 'Calls to other services, by target service and outcome', calls) as never);
  registry.registerMetric(store as never);
  registry.registerMetric(new CountOfHistogram('store_operations_total', 'Store operations, by store, collection and operation', store) as never);
  const counters = new Map<string, Counter<string>>();

  return {
    registry,
    observeRequest: (method, route, status, seconds) => requests.observe(method, route, statusLabel(status), seconds),
    observeCall: (target, outcome, seconds) => calls.observe(target, outcome, '', seconds),
    observeStore: (storeName, collection, operation, seconds) => store.observe(storeName, collection, operation, seconds),
    counter<L extends string>(spec: CounterSpec<L>): Counter<L> {
      let counter = counters.get(spec.name);
      if (!counter) {
        counter = new Counter({ name: spec.name, help: spec.help, labelNames: [...(spec.labelNames ?? [])] as string[], registers: [registry] });
        counters.set(spec.name, counter);
      }
      return counter as Counter<L>;
    },
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/**
 * A fast counter (up to three labels, nothing allocated per increment) for a per-request path of
 * a service's own, such as the gateway's rate-limit decisions; the same one again for the same name.
 */
export function registerFastCounter(metrics: ServiceMetrics, name: string, help: string, labelNames: readonly string[]): FastCounter {
  const existing = metrics.registry.getSingleMetric(name) as unknown;
  if (existing instanceof FastCounter) return existing;
  const counter = new FastCounter(name, help, labelNames);
  metrics.registry.registerMetric(counter as never);
  return counter;
}
