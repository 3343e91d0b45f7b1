import type { ErrorStatusTable } from './common.ts';

/**
 * The catalog's own error codes and their statuses (the common codes come on top). A bad input
 * is always a 400 with its own code.
 */
export const CATALOG_ERROR_STATUS = {
  INVALID_COUNTRY: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  INVALID_CATEGORY: 400,
  INVALID_SEARCH: 400,
  INVALID_HOURS: 400,
  INVALID_QTY: 400,
  INVALID_BODY: 400,
  INVALID_CART: 400,
  INVALID_SERVICE_ID: 400,
  UNKNOWN_FIELD: 400,
  UNKNOWN_SERVICE: 400,
  SERVICE_NOT_OFFERED: 400,
  SERVICE_NOT_FOUND: 404,
  SERVICE_NOT_IN_MARKET: 404,
} as const satisfies ErrorStatusTable;

export type CatalogErrorCode = keyof typeof CATALOG_ERROR_STATUS;
