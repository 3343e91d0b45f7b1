/**
 * `@tm/shared`, the core every process may load: the envelope, domain errors, configuration
 * readers, logging, ids, the clock, the health paths and the request id. It loads no Elysia,
 * MongoDB, mingo or ioredis (packages/shared/entry-points.test.ts checks). Each other purpose has its own entry:
 * `@tm/shared/money`, `/process`, `/http`, `/client`, `/search`, `/tokens`, `/mail`, `/store/*`, `/testing`.
 */
export { type Clock, createManualClock, systemClock } from './clock.ts';
export { allowsEmbeddedInProduction, ConfigError, type Env, isProduction, loadConfig, productionProblems, type Reader, read } from './config.ts';
export { type Envelope, type ErrorEnvelope, fail, isEnvelope, ok, type SuccessEnvelope } from './envelope.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, DomainError, type ErrorCode, type ErrorStatusTable, statusForCode } from './errors.ts';
export { HEALTH_PATH, isHealthPath, READY_PATH } from './health.ts';
export { isId, newId, stableId } from './ids.ts';
export { createLineWriter, type LineWriter } from './line-writer.ts';
export {
  createLogger,
  createMemoryLogger,
  DEFAULT_LOG_LEVEL,
  LOG_LEVELS,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  parseLogLevel,
  silentLogger,
} from './logger.ts';
export { acceptRequestId, REQUEST_ID_HEADER } from './request-id.ts';
export { currentRequestScope, enterRequestScope, type RequestScope, runInRequestScope } from './request-scope.ts';
export { formatTraceparent, newSpanId, newTraceContext, parseTraceparent, TRACEPARENT_HEADER, type TraceContext } from './trace-context.ts';
export { readInt32LE, utf8Text } from './utf8.ts';
