export { bodyShapeProblem, MAX_BODY_DEPTH } from './body-shape.ts';
export { resolveClientIp } from './client-ip.ts';
export { type Clock, createManualClock, systemClock } from './clock.ts';
export { allowsEmbeddedInProduction, ConfigError, type Env, isProduction, loadConfig, productionProblems, type Reader, read } from './config.ts';
export { type Envelope, type ErrorEnvelope, fail, isEnvelope, ok, type SuccessEnvelope } from './envelope.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, DomainError, statusForCode } from './errors.ts';
export { pathOfUrl, SERVICE_APP_CONFIG, type ServiceBaseOptions, serviceBase } from './http.ts';
export { isId, newId, stableId } from './ids.ts';
export { createLineWriter, type LineWriter } from './line-writer.ts';
export { createLogger, createMemoryLogger, type Logger, silentLogger } from './logger.ts';
export { isMarketCode, marketForMobile, resolveLang, resolveMarket } from './markets.ts';
export { assertMinorUnits, CURRENCY_EXPONENT, formatMinor, type Money, multiplyMinor, percentOfMinor, roundHalfUp, sumMinor } from './money.ts';
export { ErrorEnvelopeSchema, envelopeOf, serviceOpenApi } from './openapi.ts';
export { EXIT_CONFIG, loadConfigOrExit, stopOnSignals } from './process.ts';
export { acceptRequestId, REQUEST_ID_HEADER } from './request-id.ts';
export { connectStores, type Stores } from './store/connect.ts';
export {
  type BulkWriteOperation,
  type Doc,
  type DocumentCollection,
  type DocumentStore,
  DuplicateKeyError,
  type Filter,
  type FindOptions,
  type IndexSpec,
  isDuplicateKeyError,
  type Update,
} from './store/documents.ts';
export { createEmbeddedDocumentStore } from './store/embedded-documents.ts';
export { createEmbeddedKeyValueStore } from './store/embedded-key-value.ts';
export type { KeyValueStore } from './store/key-value.ts';
export { connectMongoDocumentStore, mongoDocumentStore } from './store/mongo-documents.ts';
export { createRedisKeyValueStore } from './store/redis-key-value.ts';
export { documentStoresUnderTest, type StoreUnderTest } from './testing/document-stores.ts';
export { rawHttpExchange, rawHttpJson } from './testing/raw-http.ts';
export { redisKeyValueStoreUnderTest, testRedisUrl } from './testing/redis-under-test.ts';
export { ACCESS_TTL_S, bearerToken, REFRESH_TTL_S, TOKEN_ALG, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_S } from './tokens.ts';
