/** `@tm/shared/client`: the one client for every call from one service to another (timeouts, request id, failures as data; envelope, raw and fetch modes). */

export { type CachedReads, type CachedReadsOptions, createCachedReads } from './cached-reads.ts';
export type { ClientKit, ServiceClientOptions } from './options.ts';
export {
  createServiceClient,
  type FetchLike,
  type OutboundRequest,
  type RawRequest,
  type RawResult,
  type ServiceClient,
  type ServiceFailure,
  type ServiceRequest,
  type ServiceResult,
  type TSchema,
} from './service-client.ts';
