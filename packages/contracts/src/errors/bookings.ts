import type { ErrorStatusTable } from './common.ts';

/**
 * The bookings service's own error codes and their statuses (the common codes come on top). A
 * bad input is always a 400 with its own code; a cart catalog refuses keeps catalog's code.
 */
export const BOOKINGS_ERROR_STATUS = {
  INVALID_COUNTRY: 400,
  INVALID_PAGE: 400,
  INVALID_LIMIT: 400,
  INVALID_STATUS: 400,
  INVALID_ID: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  INVALID_GUEST_TOKEN: 400,
  INVALID_SIGNATURE: 400,
  INVALID_PM: 400,
  INVALID_CART: 400,
  INVALID_HOURS: 400,
  INVALID_QTY: 400,
  INVALID_SERVICE_ID: 400,
  UNKNOWN_FIELD: 400,
  UNKNOWN_SERVICE: 400,
  SERVICE_NOT_OFFERED: 400,
  BOOKING_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
  // The checkout gate (design/content.md): the market's terms in effect must be accepted first or with the booking.
  LEGAL_ACCEPTANCE_REQUIRED: 409,
  LEGAL_VERSION_NOT_CURRENT: 409,
  BOOKING_NOT_PAYABLE: 409,
  PAYMENT_OPENING: 409,
  PAYMENT_NOT_CAPTURED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_OUTCOME_UNKNOWN: 409,
  ACCOUNT_HAS_ACTIVE_BOOKINGS: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
} as const satisfies ErrorStatusTable;

export type BookingsErrorCode = keyof typeof BOOKINGS_ERROR_STATUS;
