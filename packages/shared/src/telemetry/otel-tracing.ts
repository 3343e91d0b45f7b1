/**
 * The OpenTelemetry SDK behind `Tracing`: spans batched and exported over OTLP/HTTP (JSON).
 * Loaded only by startTelemetry, only when an endpoint is configured (never by a process with
 * traces off: entry-points.test.ts checks nothing else loads it).
 */
import { type Context, ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { TraceContext } from '../core/trace-context.ts';
import type { SpanHandle, Tracing } from './tracing.ts';

const KINDS = { server: SpanKind.SERVER, client: SpanKind.CLIENT } as const;

/** The parent as OpenTelemetry takes it: a span context (from another process, or ours) on an empty context. */
function parentContext(parent: TraceContext | undefined): Context {
  if (!parent) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: parent.traceId,
    spanId: parent.spanId,
    traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
}

/** Tracing for `service`, exporting to `url` (the OTLP traces endpoint, `…/v1/traces`). */
export function createOtelTracing(options: { service: string; url: string; scheduledDelayMs?: number }): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    // A caller's decision is kept (an unsampled trace stays unsampled); a new trace is sampled.
    sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: options.url }), scheduledDelayMillis: options.scheduledDelayMs ?? 1000 })],
  });
  const tracer = provider.getTracer('@tm/shared');
  return {
    startSpan(name, kind, parent, attributes): SpanHandle {
      const span = tracer.startSpan(name, { kind: KINDS[kind], ...(attributes ? { attributes } : {}) }, parentContext(parent));
      const sc = span.spanContext();
      return {
        context: { traceId: sc.traceId, spanId: sc.spanId, sampled: (sc.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED },
        rename: (n) => span.updateName(n),
        end(failed, more) {
          if (more) span.setAttributes(more);
          if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
