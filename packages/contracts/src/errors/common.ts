/**
 * How every error table reads: a frozen `code -> HTTP status` record. Codes are public API that
 * crosses the process boundary (clients branch on them): add new ones, never rename or reuse.
 */
export type ErrorStatusTable = Readonly<Record<string, number>>;

/**
 * Codes every service and the gateway may answer, with their statuses. The three UPSTREAM_*
 * codes are the shared failure codes of one process calling another (the outbound service client,
 * the /api proxy, the MCP tools and the site files all use them): refused or down -> 503, no
 * answer in time -> 504, an answer that is not the expected envelope -> 502.
 */
export const COMMON_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  MISSING_HOST: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  /** An /internal/* route called without X-Service-Credential (a user's bearer token is never one). */
  SERVICE_CREDENTIAL_REQUIRED: 401,
  /** An /internal/* route called with a service credential this service does not accept (wrong, or revoked). */
  SERVICE_CREDENTIAL_INVALID: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UPSTREAM_ERROR: 502,
  UPSTREAM_UNAVAILABLE: 503,
  /** A store the service needs (MongoDB, Redis) is away; Retry-After says when to try again. */
  SERVICE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const satisfies ErrorStatusTable;

export type CommonErrorCode = keyof typeof COMMON_ERROR_STATUS;

/** The failure codes of a call to another service (a subset of the common codes). */
export type UpstreamFailureCode = Extract<CommonErrorCode, 'UPSTREAM_ERROR' | 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT'>;
