import { type CallOutcome, createServiceMetrics, type ServiceMetrics } from './service-metrics.ts';

/** A call to another service under way: what it sends along, and how it ends. */
export interface CallTelemetry {
  end(outcome: CallOutcome): void;
}

/**
 * What a process reports about itself, handed to serviceBase, the service client and the stores
 * by main.ts (createApp makes a private one when none is given, so tests need not). Components
 * import only this type; prom-client is loaded by whoever creates one.
 */
export interface Telemetry {
  readonly service: string;
  readonly metrics: ServiceMetrics;
  /** A call to another service begins (the service client). */
  startCall(target: string, method: string, path: string): CallTelemetry;
  /** A store operation begins (the observed stores); the returned function ends it. */
  startStoreOperation(store: string, collection: string, operation: string): () => void;
}

/** Telemetry for one service: metrics in their own registry (prom-client's default process metrics when asked). */
export function createTelemetry(options: { service: string; metrics?: ServiceMetrics; processMetrics?: boolean }): Telemetry {
  const metrics = options.metrics ?? createServiceMetrics({ processMetrics: options.processMetrics ?? false });
  return {
    service: options.service,
    metrics,
    startCall(target) {
      const started = performance.now();
      return { end: (outcome) => metrics.observeCall(target, outcome, (performance.now() - started) / 1000) };
    },
    startStoreOperation(store, collection, operation) {
      const started = performance.now();
      return () => metrics.observeStore(store, collection, operation, (performance.now() - started) / 1000);
    },
  };
}
