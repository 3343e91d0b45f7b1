import type { Logger } from '../core/logger.ts';
import { createTelemetry, type Telemetry } from './telemetry.ts';

/** The telemetry variables, as TELEMETRY_SETTINGS reads them. */
export interface TelemetrySettings {
  METRICS_TOKEN?: string | undefined;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
}

/** Where spans go: the traces endpoint as given, or `/v1/traces` under the general endpoint (OTLP/HTTP's rule); none: traces off. */
export function tracesUrl(settings: TelemetrySettings): string | undefined {
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return undefined;
}

/**
 * main.ts's telemetry: metrics with the process metrics, and traces exported over OTLP/HTTP when
 * an endpoint is set. Without one the OpenTelemetry SDK is never imported (start-up time and idle
 * memory stay as they were); with one it is imported here, once.
 */
export async function startTelemetry(options: {
  service: string;
  settings: TelemetrySettings;
  logger: Logger;
}): Promise<Telemetry & { stop(): Promise<void> }> {
  const url = tracesUrl(options.settings);
  const tracing = url ? (await import('./otel-tracing.ts')).createOtelTracing({ service: options.service, url }) : undefined;
  if (url) options.logger.info('traces exported over OTLP/HTTP', { url });
  const telemetry = createTelemetry({ service: options.service, processMetrics: true, metricsToken: options.settings.METRICS_TOKEN, tracing });
  return {
    ...telemetry,
    // Spans still buffered go out before the process exits.
    stop: async () => {
      await tracing?.shutdown().catch((err: unknown) => options.logger.warn('traces not flushed at shutdown', { error: String(err) }));
    },
  };
}
