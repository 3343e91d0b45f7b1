import type { TraceContext } from '../core/trace-context.ts';

/** A span under way: its context (what a child or the next service is given) and its end. */
export interface SpanHandle {
  readonly context: TraceContext;
  /** Ends the span; `failed` marks it as an error, `attributes` are added first. */
  end(failed?: boolean, attributes?: Readonly<Record<string, string | number>>): void;
  /** Renames it (a server span learns its route template only once routed). */
  rename(name: string): void;
}

/** The kinds of span the services make. */
export type SpanKind = 'server' | 'client';

/**
 * Spans and their export, when traces are on (OTEL_EXPORTER_OTLP_ENDPOINT set): the OpenTelemetry
 * SDK behind this interface is loaded by startTelemetry only then, so a process without an
 * endpoint never loads it. Parents are passed explicitly (the request scope's trace), not through
 * OpenTelemetry's own context.
 */
export interface Tracing {
  startSpan(name: string, kind: SpanKind, parent: TraceContext | undefined, attributes?: Readonly<Record<string, string | number>>): SpanHandle;
  /** Sends what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
