/** `@tm/shared/http`: the Elysia parts every service puts in front of its routes, its OpenAPI description, and the HTTP helpers (client IP, pagination headers, ETags). */
export { bodyShapeProblem, MAX_BODY_DEPTH } from './body-shape.ts';
export { clientIpOf, type ServerLike, UNKNOWN_CLIENT_IP } from './client-ip.ts';
export { etagOf, matchesIfNoneMatch } from './etag.ts';
export { METRICS_PATH, type MetricsAccess, type MetricsPolicy, metricsAccess } from './metrics-access.ts';
export { documentedHeaders, ErrorEnvelopeSchema, envelopeOf, LocaleHeadersSchema, serviceOpenApi } from './openapi.ts';
export { paginationHeaders, paginationLinks } from './pagination.ts';
export {
  type BeforeRoutingContext,
  createRequestLifecycle,
  pathOfUrl,
  type ReadinessCheck,
  type RequestLifecycle,
  requestIdOf,
  SERVICE_APP_CONFIG,
  type ServedRequest,
  type ServiceBaseOptions,
  serviceBase,
} from './service-base.ts';
export {
  acceptedFormOf,
  acceptServiceCredentials,
  type CredentialCheck,
  generateServiceCredential,
  INTERNAL_PATH_PREFIX,
  type InternalCallers,
  NO_INTERNAL_CALLERS,
  parseServiceCredential,
  SERVICE_CREDENTIAL_HEADER,
  SERVICE_CREDENTIAL_SETTINGS,
  type ServiceCredentials,
  serviceCredentialProblems,
  serviceCredentialsFrom,
} from './service-credentials.ts';
export { rejectUnknownFields, strictBody } from './strict-body.ts';
export { validatorOf } from './validator.ts';
