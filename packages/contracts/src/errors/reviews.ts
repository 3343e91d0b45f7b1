import type { ErrorStatusTable } from './common.ts';

/**
 * The reviews service's own error codes (design/reviews-search.md) and their statuses (the
 * common codes come on top). A booking that is not the caller's is 404, as in bookings.
 */
export const REVIEWS_ERROR_STATUS = {
  INVALID_RATING: 400,
  INVALID_REVIEW_TEXT: 400,
  /** Any other field of a review body (bookingId, lang, a field the contract does not name). */
  INVALID_REVIEW: 400,
  INVALID_REVIEW_QUERY: 400,
  INVALID_REPLY: 400,
  INVALID_REPORT: 400,
  INVALID_REASON_CODE: 400,
  INVALID_ID: 400,
  BOOKING_NOT_FOUND: 404,
  REVIEW_NOT_FOUND: 404,
  BOOKING_NOT_COMPLETED: 409,
  REVIEW_WINDOW_CLOSED: 409,
  REVIEW_EXISTS: 409,
  REVIEW_LOCKED: 409,
  REPLY_EXISTS: 409,
  REVIEW_NOT_PUBLISHED: 409,
  REVIEW_NOT_HIDDEN: 409,
} as const satisfies ErrorStatusTable;

export type ReviewsErrorCode = keyof typeof REVIEWS_ERROR_STATUS;
