import type { ErrorStatusTable } from './common.ts';

/**
 * Auth's own error codes and their statuses (the common codes come on top). Wrong codes,
 * passwords and tokens are 400 (the spec lists no 401 for them); messages never say whether an
 * account exists.
 */
export const AUTH_ERROR_STATUS = {
  UNSUPPORTED_CONTENT_TYPE: 400,
  INVALID_MOBILE: 400,
  MOBILE_NOT_SUPPORTED: 400,
  SMS_DELIVERY_FAILED: 400,
  INVALID_OTP: 400,
  INVALID_WIDGET_TOKEN: 400,
  WIDGET_PROVIDER_ERROR: 400,
  WIDGET_NOT_CONFIGURED: 400,
  INVALID_CREDENTIALS: 400,
  INVALID_ID_TOKEN: 400,
  EMAIL_NOT_VERIFIED: 400,
  IDP_NOT_CONFIGURED: 400,
  INVALID_REFRESH_TOKEN: 400,
  INVALID_RESET_TOKEN: 400,
  WEAK_PASSWORD: 400,
  OTP_COOLDOWN: 429,
  OTP_SEND_LIMIT: 429,
  LOGIN_LOCKED: 429,
  GUEST_LIMIT: 429,
  RESET_COOLDOWN: 429,
  // The caller's account (issue 12) and staff administration (issue 11).
  SESSION_NOT_FOUND: 404,
  EMAIL_TAKEN: 400,
  EMAIL_CHANGE_LIMIT: 429,
  INVALID_EMAIL_TOKEN: 400,
  INVALID_LOCALE: 400,
  REAUTHENTICATION_REQUIRED: 403,
  ACCOUNT_HAS_ACTIVE_BOOKINGS: 409,
  ACCOUNT_DELETION_PENDING: 409,
  MOBILE_TAKEN: 400,
  INVALID_ROLE: 400,
  PROFILE_REQUIRED: 400,
  UNKNOWN_PROFILE: 400,
  PROFILE_ALREADY_LINKED: 400,
  PROFILE_NOT_ALLOWED: 400,
  CANNOT_DEACTIVATE_SELF: 400,
  STAFF_NOT_FOUND: 404,
  // Internal contact lookups (GET /internal/contacts) for other services' mail.
  CONTACT_NOT_FOUND: 404,
} as const satisfies ErrorStatusTable;

export type AuthErrorCode = keyof typeof AUTH_ERROR_STATUS;
