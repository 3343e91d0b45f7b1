/** `@tm/shared/testing`: helpers for tests only (stores under test, real Redis, raw HTTP exchanges). */

export {
  averageJsonBytes,
  BENCH_ADJ,
  BENCH_ROLE,
  BENCH_TECH,
  BENCH_UPDATED_AT,
  batches,
  benchServiceSlug,
  pickCyclic,
  runBenchLoad,
  runSnapshotReadTiming,
  runStartupPhases,
  type SnapshotRead,
  type StartupBuild,
} from './bench-data.ts';
export { documentStoresUnderTest, type StoreUnderTest } from './document-stores.ts';
export { errorCodesInSource } from './error-codes-in-source.ts';
export { indexLines } from './index-lines.ts';
export { type MongoWireStandIn, ObjectId, openStandInDatabase, startMongoWireStandIn } from './mongo-wire/server.ts';
export { freePort, waitFor } from './poll.ts';
export { type ParsedFamily, parseMetrics, sampleValue } from './prometheus.ts';
export { rawHttpExchange, rawHttpJson } from './raw-http.ts';
export { startTestRedisCluster, type TestRedisCluster } from './redis-cluster.ts';
export { type OwnRedisServer, ownRedisServer } from './redis-server.ts';
export { redisKeyValueStoreUnderTest, testRedisUrl } from './redis-under-test.ts';
export { createTestCaller, expectErrorEnvelope, GARBAGE_BODIES, type TestAnswer, type TestCallOptions } from './requests.ts';
export { startRevocationFeed } from './revocation-feed.ts';
export { type DeclaredSchemas, declaredSchemas, envelopeData, itemsOf } from './route-schemas.ts';
export { INTERNAL_CALL_HEADERS, TEST_CREDENTIAL_ENV, TEST_INTERNAL_CALLERS, TEST_SERVICE_CREDENTIAL } from './service-credentials.ts';
export { devMails, type ServiceProcess, startServiceProcess } from './service-process.ts';
export { createTestSigner, revokedSessionsView, type TestTokenClaims } from './token-signer.ts';
