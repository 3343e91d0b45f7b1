import { COMMON_ERROR_STATUS, type CommonErrorCode } from '@tm/contracts';

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

export { COMMON_ERROR_STATUS, type CommonErrorCode };

/** Status for a code: the service's own table first, then the common one, else 400. */
export function statusForCode(code: string, table: Readonly<Record<string, number>> = {}): number {
  return table[code] ?? (COMMON_ERROR_STATUS as Record<string, number>)[code] ?? 400;
}
