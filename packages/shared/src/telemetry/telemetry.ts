import { currentRequestScope } from '../core/request-scope.ts';
import { formatTraceparent } from '../core/trace-context.ts';
import { type CallOutcome, createServiceMetrics, type ServiceMetrics } from './service-metrics.ts';
import type { Tracing } from './tracing.ts';

/** A call to another service under way: the `traceparent` it sends (when in a trace), and how it ends. */
export interface CallTelemetry {
  readonly traceparent: string | undefined;
  end(outcome: CallOutcome): void;
}

/**
 * What a process reports about itself, handed to serviceBase, the service client and the stores
 * by main.ts (createApp makes a private one when none is given, so tests need not). Components
 * import only this type; prom-client is loaded by whoever creates one, the tracing SDK only by
 * startTelemetry when an OTLP endpoint is configured.
 */
export interface Telemetry {
  readonly service: string;
  readonly metrics: ServiceMetrics;
  /** Spans and their export; undefined when traces are off (no endpoint): then nothing of the SDK is loaded. */
  readonly tracing?: Tracing | undefined;
  /** METRICS_TOKEN: serviceBase's GET /metrics then answers only this bearer token. */
  readonly metricsToken?: string | undefined;
  /** A call to another service begins (the service client). */
  startCall(target: string, method: string, path: string): CallTelemetry;
  /** A store operation begins (the observed stores); the returned function ends it. */
  startStoreOperation(store: string, collection: string, operation: string): (failed?: boolean) => void;
}

/**
 * Telemetry for one service: metrics in their own registry (prom-client's default process
 * metrics when asked), spans through `tracing` when given. A call or store operation is a span
 * only inside a trace (a request's scope), so background polling makes no traces of its own;
 * with traces off a call still passes the request's traceparent on.
 */
export function createTelemetry(options: {
  service: string;
  metrics?: ServiceMetrics;
  processMetrics?: boolean;
  metricsToken?: string | undefined;
  tracing?: Tracing | undefined;
}): Telemetry {
  const metrics = options.metrics ?? createServiceMetrics({ processMetrics: options.processMetrics ?? false });
  const { tracing } = options;
  return {
    service: options.service,
    metrics,
    tracing,
    metricsToken: options.metricsToken,
    startCall(target, method, path) {
      const started = performance.now();
      const parent = currentRequestScope()?.trace;
      const span =
        tracing && parent
          ? tracing.startSpan(`${method} ${target}`, 'client', parent, { 'peer.service': target, 'http.request.method': method, 'url.path': path })
          : undefined;
      return {
        traceparent: span ? formatTraceparent(span.context) : parent ? formatTraceparent(parent) : undefined,
        end(outcome) {
          metrics.observeCall(target, outcome, (performance.now() - started) / 1000);
          span?.end(outcome !== 'ok', { 'tm.outcome': outcome });
        },
      };
    },
    startStoreOperation(store, collection, operation) {
      const started = performance.now();
      const parent = tracing ? currentRequestScope()?.trace : undefined;
      const span =
        tracing && parent
          ? tracing.startSpan(`${operation} ${collection || store}`, 'client', parent, {
              'db.system.name': store,
              'db.operation.name': operation,
              ...(collection ? { 'db.collection.name': collection } : {}),
            })
          : undefined;
      return (failed) => {
        metrics.observeStore(store, collection, operation, (performance.now() - started) / 1000);
        span?.end(failed);
      };
    },
  };
}
