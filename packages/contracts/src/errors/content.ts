import type { ErrorStatusTable } from './common.ts';

/**
 * The content service's own error codes (legal documents, localization bundles, pages and FAQ;
 * design/content.md) and their statuses (the common codes come on top).
 */
export const CONTENT_ERROR_STATUS = {
  INVALID_COUNTRY: 400,
  INVALID_MESSAGE: 400,
  INVALID_NAMESPACE: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  INVALID_STATUS: 400,
  INVALID_PAGE_TYPE: 400,
  INVALID_ID: 400,
  INVALID_SLUG: 400,
  UNKNOWN_FIELD: 400,
  GROUP_NOT_FOUND: 400,
  LEGAL_DOCUMENT_NOT_FOUND: 404,
  LOCALE_NOT_FOUND: 404,
  NAMESPACE_NOT_FOUND: 404,
  PAGE_NOT_FOUND: 404,
  LEGAL_VERSION_NOT_CURRENT: 409,
  VERSION_CONFLICT: 409,
  SLUG_TAKEN: 409,
  GROUP_LANGUAGE_TAKEN: 409,
} as const satisfies ErrorStatusTable;

export type ContentErrorCode = keyof typeof CONTENT_ERROR_STATUS;
