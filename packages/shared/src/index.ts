/**
 * `@tm/shared`, the core every process may load: envelope, errors, markets, money, config,
 * tokens, clock, ids, logging, process helpers and the outbound service client. It loads no Elysia, MongoDB, mingo or ioredis
 * of its own (entry-points.test.ts checks): those sit behind `@tm/shared/http`,
 * `@tm/shared/store/mongo`, `/store/redis`, `/store/embedded` and `/testing`.
 */
export { bodyShapeProblem, MAX_BODY_DEPTH } from './body-shape.ts';
export { resolveClientIp } from './client-ip.ts';
export { type Clock, createManualClock, systemClock } from './clock.ts';
export { allowsEmbeddedInProduction, ConfigError, type Env, isProduction, loadConfig, productionProblems, type Reader, read } from './config.ts';
export { type Envelope, type ErrorEnvelope, fail, isEnvelope, ok, type SuccessEnvelope } from './envelope.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, DomainError, type ErrorCode, type ErrorStatusTable, statusForCode } from './errors.ts';
export { HEALTH_PATH, isHealthPath, READY_PATH } from './health.ts';
export { isId, newId, stableId } from './ids.ts';
export { createLineWriter, type LineWriter } from './line-writer.ts';
export { createLogger, createMemoryLogger, type Logger, silentLogger } from './logger.ts';
export { type ChangeMarker, createSnapshotKeeper, type MarkedSnapshot, type SnapshotKeeper } from './marked-snapshot.ts';
export { isMarketCode, marketForMobile, resolveLang, resolveMarket } from './markets.ts';
export { assertMinorUnits, CURRENCY_EXPONENT, formatMinor, type Money, multiplyMinor, percentOfMinor, roundHalfUp, sumMinor } from './money.ts';
export { paginationHeaders, paginationLinks } from './pagination.ts';
export { intersectSorted } from './posting-lists.ts';
export {
  answerPrebuilt,
  etagOf,
  inChunks,
  matchesIfNoneMatch,
  type PrebuiltAnswer,
  prebuild,
  REVALIDATE,
  type RebuildableAnswer,
  type StreamedAnswer,
  streamed,
  type WholeListAnswer,
} from './prebuilt.ts';
export { createPrebuiltCache, type PrebuiltCache } from './prebuilt-cache.ts';
export { EXIT_CONFIG, type ListenOptions, listenOrExit, loadConfigOrExit, SERVICE_RUNTIME_ENV, stopOnSignals } from './process.ts';
export { acceptRequestId, REQUEST_ID_HEADER } from './request-id.ts';
export { normaliseWord, prefixEnd, queryWords, searchWords } from './search-tokens.ts';
export { chooseSeedMode, readSeedMode, SEED_MODES, type SeedMode, shouldSeed } from './seed.ts';
export {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
  type ServiceFailure,
  type ServiceRequest,
  type ServiceResult,
  type TSchema,
} from './service-client.ts';
export { ordinalsWithEveryWord, TokenIndex, TokenIndexBuilder } from './token-index.ts';
export { ACCESS_TTL_S, bearerToken, isIssuedInFuture, REFRESH_TTL_S, TOKEN_ALG, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_S } from './tokens.ts';
export { yieldToRequests } from './yield-to-requests.ts';
