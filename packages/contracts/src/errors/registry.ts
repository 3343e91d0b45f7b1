import { ASSISTANT_ERROR_STATUS } from './assistant.ts';
import { AUTH_ERROR_STATUS } from './auth.ts';
import { BOOKINGS_ERROR_STATUS } from './bookings.ts';
import { CATALOG_ERROR_STATUS } from './catalog.ts';
import { COMMON_ERROR_STATUS, type ErrorStatusTable } from './common.ts';
import { CONTENT_ERROR_STATUS } from './content.ts';
import { GATEWAY_ERROR_STATUS } from './gateway.ts';
import { GROWTH_ERROR_STATUS } from './growth.ts';
import { MESSAGING_ERROR_STATUS } from './messaging.ts';
import { REVIEWS_ERROR_STATUS } from './reviews.ts';
import { SEARCH_ERROR_STATUS } from './search.ts';
import { TALENT_ERROR_STATUS } from './talent.ts';

/**
 * Every error table, by the process that answers its codes. This is the one place a new
 * service's table is registered; adding a service's codes is:
 *   1. `src/errors/<service>.ts`: `export const <SERVICE>_ERROR_STATUS = { CODE: status, ... } as
 *      const satisfies ErrorStatusTable` and its `<Service>ErrorCode` type (only the service's own
 *      codes; the common ones apply everywhere);
 *   2. one line here, and the named exports in `src/index.ts`;
 *   3. `serviceBase({ errorStatus: <SERVICE>_ERROR_STATUS, ... })` in the service's app.ts, and
 *      `errorResponses(<SERVICE>_ERROR_STATUS, ...)` for its OpenAPI responses;
 *   4. `bun run docs:errors` to regenerate docs/error-codes.md.
 * A code answered by two processes must have the same status in both (a test checks it).
 */
export const ERROR_TABLES = {
  common: COMMON_ERROR_STATUS,
  auth: AUTH_ERROR_STATUS,
  catalog: CATALOG_ERROR_STATUS,
  talent: TALENT_ERROR_STATUS,
  bookings: BOOKINGS_ERROR_STATUS,
  messaging: MESSAGING_ERROR_STATUS,
  content: CONTENT_ERROR_STATUS,
  reviews: REVIEWS_ERROR_STATUS,
  search: SEARCH_ERROR_STATUS,
  growth: GROWTH_ERROR_STATUS,
  assistant: ASSISTANT_ERROR_STATUS,
  gateway: GATEWAY_ERROR_STATUS,
} as const satisfies Record<string, ErrorStatusTable>;

/** The processes that have an error table. */
export type ErrorTableName = keyof typeof ERROR_TABLES;

/** Every public error code: `DomainError` takes this type, so a misspelt code does not compile. */
export type ErrorCode = { [K in ErrorTableName]: keyof (typeof ERROR_TABLES)[K] }[ErrorTableName];

/** The codes one process may answer: its own table's and the common ones, sorted. */
export function codesOf(table: ErrorStatusTable): string[] {
  return [...new Set([...Object.keys(table), ...Object.keys(COMMON_ERROR_STATUS)])].sort();
}

/** The status a process answers a code with: its own table first, then the common one; undefined for a code it does not know. */
export function statusOf(code: string, table: ErrorStatusTable): number | undefined {
  return Object.hasOwn(table, code) ? table[code] : Object.hasOwn(COMMON_ERROR_STATUS, code) ? (COMMON_ERROR_STATUS as ErrorStatusTable)[code] : undefined;
}
