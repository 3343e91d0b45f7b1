import { createLineWriter, type LineWriter } from './line-writer.ts';
import { currentRequestScope } from './request-scope.ts';

/** One JSON object per line on stdout: what every service logs. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One batched stdout writer per process, shared by every default logger so lines keep their order. */
let stdoutLines: LineWriter | undefined;
const writeStdout = (line: string) => {
  stdoutLines ??= createLineWriter();
  stdoutLines.write(line);
};

/**
 * A logger that writes `{ts, level, service, msg, ...fields}` lines (to stdout, batched, by
 * default). A line written for a request also carries its `requestId` and `traceId` (from the
 * request scope), so every line of one request is found across services by either.
 */
export function createLogger(service: string, write: (line: string) => void = writeStdout): Logger {
  const log =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      const scope = currentRequestScope();
      const line = scope
        ? { ts: new Date().toISOString(), level, service, msg, requestId: scope.requestId, traceId: scope.trace?.traceId, ...fields }
        : { ts: new Date().toISOString(), level, service, msg, ...fields };
      write(JSON.stringify(line));
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that keeps lines in memory, for tests that assert on what was logged. */
export function createMemoryLogger(service = 'test'): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(service, (l) => lines.push(JSON.parse(l)));
  return Object.assign(logger, { lines });
}

/** A logger that drops everything. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
