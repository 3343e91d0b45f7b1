import type { ErrorStatusTable } from './common.ts';

/** The search service's own error codes (one search, design/reviews-search.md) and their statuses (the common codes come on top). */
export const SEARCH_ERROR_STATUS = {
  INVALID_SEARCH: 400,
  INVALID_SEARCH_TYPES: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
} as const satisfies ErrorStatusTable;

export type SearchErrorCode = keyof typeof SEARCH_ERROR_STATUS;
