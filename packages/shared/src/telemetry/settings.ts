import { type Reader, read } from '../core/config.ts';
import { LOG_LEVELS, type LogLevel, parseLogLevel } from '../core/logger.ts';

/** A shared secret's least length: a guessable scrape token would expose every series. */
const MIN_TOKEN_CHARS = 16;

/** An optional secret of at least MIN_TOKEN_CHARS visible characters. */
const optionalToken: Reader<string | undefined> = (raw) => {
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new Error('must be visible ASCII without spaces');
  if (raw.length < MIN_TOKEN_CHARS) throw new Error(`must be at least ${MIN_TOKEN_CHARS} characters`);
  return raw;
};

/** LOG_LEVEL: one of LOG_LEVELS (any case); unset: info. */
const logLevel: Reader<LogLevel | undefined> = (raw) => {
  if (raw === undefined) return undefined;
  const level = parseLogLevel(raw);
  if (level === undefined) throw new Error(`must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return level;
};

/**
 * The telemetry variables every service reads (docs/operations.md, "Metrics and traces"):
 * METRICS_TOKEN, the bearer token GET /metrics asks for (the gateway answers 404 without one
 * configured; the internal services serve openly without one), the OTLP endpoint of traces, and
 * LOG_LEVEL (logs: debug, info, warn or error).
 */
export const TELEMETRY_SETTINGS = {
  /** The least severe log line written (main.ts hands it to createLogger); checked here so a typo stops the start. */
  LOG_LEVEL: logLevel,
  METRICS_TOKEN: optionalToken,
  /** The standard OpenTelemetry variables: set, spans are exported over OTLP/HTTP (JSON); unset, traces are off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: read.optionalUrl(['http:', 'https:']),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: read.optionalUrl(['http:', 'https:']),
};
