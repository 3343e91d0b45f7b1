/**
 * Domain errors carry a stable public `code` and nothing of HTTP; each service's error plugin
 * maps codes to statuses. Codes are public API: add new ones, never rename.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: string,
    message: string,
    /** Seconds the caller should wait before retrying (cooldowns, lockouts, rate limits). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Codes shared by every service, with the status each maps to. */
export const COMMON_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  MISSING_HOST: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UPSTREAM_UNAVAILABLE: 503,
  /** A store the service needs (MongoDB, Redis) is away; Retry-After says when to try again. */
  SERVICE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const satisfies Record<string, number>;

export type CommonErrorCode = keyof typeof COMMON_ERROR_STATUS;

/** Status for a code: the service's own table first, then the common one, else 400. */
export function statusForCode(code: string, table: Readonly<Record<string, number>> = {}): number {
  return table[code] ?? (COMMON_ERROR_STATUS as Record<string, number>)[code] ?? 400;
}
