import { createLineWriter, type LineWriter } from './line-writer.ts';
import { currentRequestScope } from './request-scope.ts';

/** One JSON object per line on stdout: what every service logs. */
export interface Logger {
  /** Routine detail an operator does not read by default: internal polling, probes, scrapes (LOG_LEVEL=debug shows it). */
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** LOG_LEVEL's values, least severe first: a logger writes its level and every one after it. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Without LOG_LEVEL: info (debug lines are dropped). */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** `raw` as a level, or undefined when it is none (LOG_LEVEL's reader in TELEMETRY_SETTINGS says why at start). */
export function parseLogLevel(raw: string | undefined): LogLevel | undefined {
  const v = raw?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(v ?? '') ? (v as LogLevel) : undefined;
}

export interface LoggerOptions {
  /** Where each line goes; stdout (batched) by default. */
  write?: (line: string) => void;
  /**
   * The least severe level written: a LogLevel, or LOG_LEVEL as main.ts finds it in the
   * environment (unset or not a level: info; the service's config refuses a bad value at start).
   */
  level?: LogLevel | string | undefined;
}

/** One batched stdout writer per process, shared by every default logger so lines keep their order. */
let stdoutLines: LineWriter | undefined;
const writeStdout = (line: string) => {
  stdoutLines ??= createLineWriter();
  stdoutLines.write(line);
};

const noop = () => {};

const EMPTY_FIELDS: Record<string, unknown> = {};

/** `Date.toISOString()` of now, its text up to the second made once a second (a line per request made a Date and its text each time). */
let isoSecond = Number.NaN;
let isoPrefix = '';
export function isoNow(now = Date.now()): string {
  const ms = now % 1000;
  const second = now - ms;
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second).toISOString().slice(0, 20);
  }
  return `${isoPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

/**
 * A logger that writes `{ts, level, service, msg, ...fields}` lines (to stdout, batched, by
 * default) at `level` and above. A line written for a request also carries its `requestId` and
 * `traceId` (from the request scope), so every line of one request is found across services by either.
 * The fixed head of a line is written by hand (its level and service quoted once per logger) and
 * the fields by one JSON.stringify of the caller's own object: the access log line is made for
 * every request, and spreading it into a new object with a new Date was a measurable share of the gateway's CPU.
 */
export function createLogger(service: string, options: LoggerOptions | ((line: string) => void) = {}): Logger {
  const { write = writeStdout, level } = typeof options === 'function' ? { write: options, level: undefined } : options;
  const least = LOG_LEVELS.indexOf(parseLogLevel(level) ?? DEFAULT_LOG_LEVEL);
  const log = (name: LogLevel) => {
    if (LOG_LEVELS.indexOf(name) < least) return noop;
    const head = `","level":${JSON.stringify(name)},"service":${JSON.stringify(service)},"msg":`;
    return (msg: string, fields: Record<string, unknown> = EMPTY_FIELDS) => {
      const scope = currentRequestScope();
      // Fields that name the head's own keys (rare) win over them, as a spread lets them.
      if ('ts' in fields || 'level' in fields || 'service' in fields || 'msg' in fields) {
        const line = scope
          ? { ts: isoNow(), level: name, service, msg, requestId: scope.requestId, traceId: scope.trace?.traceId, ...fields }
          : { ts: isoNow(), level: name, service, msg, ...fields };
        write(JSON.stringify(line));
        return;
      }
      let line = `{"ts":"${isoNow()}${head}${JSON.stringify(msg)}`;
      // The scope's ids unless the fields carry their own (the access line names its requestId).
      if (scope) {
        if (!('requestId' in fields) && scope.requestId !== undefined) line += `,"requestId":${JSON.stringify(scope.requestId)}`;
        const traceId = scope.trace?.traceId;
        if (!('traceId' in fields) && traceId !== undefined) line += `,"traceId":${JSON.stringify(traceId)}`;
      }
      const rest = JSON.stringify(fields);
      write(rest.length > 2 ? `${line},${rest.slice(1)}` : `${line}}`);
    };
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that keeps lines in memory, for tests that assert on what was logged (at info and above, as a service without LOG_LEVEL, unless `level` says otherwise). */
export function createMemoryLogger(service = 'test', level: LogLevel = DEFAULT_LOG_LEVEL): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(service, { write: (l) => lines.push(JSON.parse(l)), level });
  return Object.assign(logger, { lines });
}

/** A logger that drops everything. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
