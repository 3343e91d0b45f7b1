import { COMMON_ERROR_STATUS, type CommonErrorCode, type ErrorCode, type ErrorStatusTable, statusOf } from '@tm/contracts/errors';

/**
 * Domain errors carry a stable public `code` and nothing of HTTP; each service's error plugin
 * maps codes to statuses through its table in `@tm/contracts`. The code is typed from those
 * tables, so a misspelt or unregistered code does not compile. (`C` is never inferred from the
 * argument; only a test naming a made-up table's codes spells it: `new DomainError<'X'>('X', ...)`.)
 */
export class DomainError<C extends string = ErrorCode> extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: NoInfer<C>,
    message: string,
    /** Seconds the caller should wait before retrying (cooldowns, lockouts, rate limits). */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export { COMMON_ERROR_STATUS, type CommonErrorCode, type ErrorCode, type ErrorStatusTable };

/**
 * Status for a code: the service's own table first, then the common one. No default: a code
 * missing from both is a programming error (serviceBase answers it as a logged 500).
 */
export function statusForCode(code: string, table: ErrorStatusTable): number | undefined {
  return statusOf(code, table);
}
