/**
 * `@tm/shared/telemetry`: what a service reports about itself. Metrics (prom-client registry with
 * the built-in request, call and store series, and a service's own counters) and traces (OTLP/HTTP,
 * only when an endpoint is set), started by main.ts and handed to serviceBase, the service client and the stores.
 */
export { type CounterSeries, CountOfHistogram, FastCounter, FastHistogram, type HistogramSeries } from './fast-collectors.ts';
export { type CallOutcome, type CounterSpec, createServiceMetrics, registerFastCounter, type ServiceMetrics, UNMATCHED_ROUTE } from './service-metrics.ts';
export { TELEMETRY_SETTINGS } from './settings.ts';
export { startTelemetry, type TelemetrySettings, tracesUrl } from './start.ts';
export { type CallTelemetry, createTelemetry, type Telemetry } from './telemetry.ts';
export type { SpanHandle, SpanKind, Tracing } from './tracing.ts';
