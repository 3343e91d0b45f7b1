/** OpenAPI descriptions of the booking operations: roles and error codes are public API. */
const tags = ['Bookings'];
const COMMON =
  ' Needs a bearer access token (401 UNAUTHORIZED). Every POST accepts `Idempotency-Key` (409 IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE; 400 INVALID_IDEMPOTENCY_KEY).';
const TRANSITION =
  ' One conditional update on status and version: 409 INVALID_TRANSITION when not allowed from the current status (of two racing transitions exactly one wins); 404 BOOKING_NOT_FOUND when the caller may not see the booking; 403 FORBIDDEN when the role may not take this action; 400 INVALID_ID.';

export const DOCS = {
  create: {
    operationId: 'createBooking',
    summary: 'Create a booking from a cart',
    description:
      "Customers and guests. The cart is priced by the catalog in the `X-Country` market (default IN); amounts are never read from the client. 201 with the booking in `pending_payment`, `expiresAt` = the quote's `validUntil`. " +
      "Checkout gate: the market's terms in effect (`GET /api/legal/terms`) must have been accepted by the caller (`POST /api/legal/acceptances`), or be accepted with this request by sending their version as `acceptedTermsVersion` (recorded with the server's time, the client IP and user agent); the booking stores `legal: {terms: <version>}`. " +
      'Errors: 400 VALIDATION_FAILED, MALFORMED_JSON, INVALID_COUNTRY, UNKNOWN_SERVICE, SERVICE_NOT_OFFERED, INVALID_CART; 403 FORBIDDEN (staff); ' +
      '409 LEGAL_ACCEPTANCE_REQUIRED (terms in effect not accepted), LEGAL_VERSION_NOT_CURRENT (acceptedTermsVersion is not the version in effect); ' +
      '503 SERVICE_UNAVAILABLE (the terms cannot be checked: bookings never sells without knowing them); 502 UPSTREAM_ERROR, 503 UPSTREAM_UNAVAILABLE, 504 UPSTREAM_TIMEOUT (catalog).' +
      COMMON,
    tags,
  },
  list: {
    operationId: 'listBookings',
    summary: 'List bookings',
    description:
      'Customers and guests: their own; pm/resource: the bookings assigned to their profile; admin: all, filtered by `status` and `pmId`. Newest first; `page` (from 1) and `limit` (1-100, default 20); totals in `X-Total-Count` and `Link`. ' +
      'Errors: 400 INVALID_PAGE, INVALID_LIMIT, INVALID_STATUS; 403 FORBIDDEN (pmId by a non-admin).' +
      COMMON,
    tags,
  },
  get: {
    operationId: 'getBooking',
    summary: 'Get a booking',
    description: `The booking, when the caller may see it (owner, assigned PM, admin); else 404 BOOKING_NOT_FOUND. 400 INVALID_ID.${COMMON}`,
    tags,
  },
  // The guest hand-over; its public path and operationId keep the API's word.
  guestHandover: {
    operationId: 'claimGuestBookings',
    summary: "Move a guest session's bookings to the signed-in customer",
    description:
      "Customers only (403 FORBIDDEN otherwise). `guestToken` is the guest session's refresh token (signature, typ refresh, role guest, unexpired; else 400 INVALID_GUEST_TOKEN). Idempotent: answers `{claimed: [ids]}`, the same ids on a repeat." +
      COMMON,
    tags,
  },
  cancel: {
    operationId: 'cancelBooking',
    summary: 'Cancel a booking',
    description:
      'The owner before work starts (pending_payment, paid, confirmed); an admin from any non-final state. A paid booking is refunded in full through its provider, once.' +
      TRANSITION +
      COMMON,
    tags,
  },
  assign: {
    operationId: 'assignBooking',
    summary: 'Assign a project manager',
    description:
      "Admin only, in `paid` (re-assign allowed until accepted). `pmId` names an active PM profile (400 INVALID_PM otherwise); the booking stores the PM's public `{id, slug, name}`." +
      TRANSITION +
      COMMON,
    tags,
  },
  accept: {
    operationId: 'acceptBooking',
    summary: 'Accept an assignment',
    description: `The assigned PM only: paid -> confirmed.${TRANSITION}${COMMON}`,
    tags,
  },
  start: { operationId: 'startBooking', summary: 'Start the work', description: `The assigned PM only: confirmed -> in_progress.${TRANSITION}${COMMON}`, tags },
  complete: {
    operationId: 'completeBooking',
    summary: 'Complete a booking',
    description: `The owner or an admin: in_progress -> completed.${TRANSITION}${COMMON}`,
    tags,
  },
};
