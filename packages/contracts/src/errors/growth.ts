import type { ErrorStatusTable } from './common.ts';

/**
 * The growth service's own error codes (flags, experiments, tracking, consent and leads;
 * design/growth.md) and their statuses (the common codes come on top). OFREP answers at
 * /ofrep/v1 use OFREP's own error shape, not these.
 */
export const GROWTH_ERROR_STATUS = {
  INVALID_FLAG: 400,
  INVALID_BATCH: 400,
  INVALID_TRANSITION: 409,
} as const satisfies ErrorStatusTable;

export type GrowthErrorCode = keyof typeof GROWTH_ERROR_STATUS;
