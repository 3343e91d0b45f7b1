import type { ErrorStatusTable } from './common.ts';

/**
 * The growth service's own error codes (flags, experiments, tracking, consent and leads;
 * design/growth.md) and their statuses (the common codes come on top). OFREP answers at
 * /ofrep/v1 use OFREP's own error shape, not these.
 */
export const GROWTH_ERROR_STATUS = {
  INVALID_FLAG: 400,
  INVALID_BATCH: 400,
  INVALID_EXPOSURE: 400,
  INVALID_CONSENT: 400,
  INVALID_LEAD: 400,
  INVALID_STATUS: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  INVALID_ID: 400,
  FLAG_NOT_FOUND: 404,
  LEAD_NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
} as const satisfies ErrorStatusTable;

export type GrowthErrorCode = keyof typeof GROWTH_ERROR_STATUS;
