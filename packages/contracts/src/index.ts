/**
 * @tm/contracts: every shape, limit and error code that crosses a process boundary, written once
 * (TypeBox through Elysia's `t`; pure, no I/O). Producers answer with these schemas and consumers
 * check what they receive against the same ones. Explicit named exports only.
 */
export {
  type AccountErasure,
  AccountErasureSchema,
  type AccountExportPart,
  AccountExportPartSchema,
  accountErasePath,
  accountExportPath,
} from './account.ts';
export {
  type AccessToken,
  AccessTokenSchema,
  type AuthSession,
  AuthSessionSchema,
  ChangePasswordBody,
  type ChangePasswordRequest,
  ForgotPasswordBody,
  type ForgotPasswordRequest,
  type IdpSignInRequest,
  IdTokenBody,
  RefreshBody,
  type RefreshSessionRequest,
  ResetPasswordBody,
  type ResetPasswordRequest,
  SendOtpBody,
  type SendOtpRequest,
  StaffLoginBody,
  type StaffPasswordLoginRequest,
  VerifyOtpBody,
  type VerifyOtpRequest,
  type VerifyWidgetTokenRequest,
  WidgetTokenBody,
} from './auth.ts';
export {
  ActorSchema,
  AssignBookingBodySchema,
  AssignedPmSchema,
  BOOKING_STATUSES,
  type Booking,
  BookingHistoryEntrySchema,
  BookingSchema,
  type BookingStatus,
  BookingStatusSchema,
  CancelBookingBodySchema,
  ClaimBookingsBodySchema,
  type ClaimResult,
  ClaimResultSchema,
  ContactSchema,
  type CreateBookingBody,
  CreateBookingBodySchema,
  CreatePaymentBodySchema,
  FINAL_BOOKING_STATUSES,
  MAX_EMAIL_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_NOTES_LENGTH,
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_STATUSES,
  type Payment,
  PaymentNextSchema,
  type PaymentRefund,
  PaymentRefundSchema,
  PaymentSchema,
  type PaymentStatus,
  PaymentStatusSchema,
  VerifyPaymentBodySchema,
} from './bookings.ts';
export {
  AvailabilitySchema,
  CATEGORIES,
  type Cart,
  type CartItem,
  CartItemSchema,
  CartSchema,
  type CatalogEntry,
  CatalogEntrySchema,
  type Category,
  DEFAULT_PAGE_LIMIT,
  FaqSchema,
  MAX_CART_ITEMS,
  MAX_HOURS,
  MAX_PAGE_LIMIT,
  MAX_QTY,
  MAX_SEARCH_LENGTH,
  MAX_SERVICE_ID_LENGTH,
  type PmPreview,
  PmPreviewSchema,
  type Quote,
  type QuoteLine,
  QuoteLineSchema,
  QuoteSchema,
  SERVICE_KINDS,
  type Service,
  type ServiceIndexEntry,
  ServiceIndexEntrySchema,
  type ServiceKind,
  ServicePricingSchema,
  ServiceSchema,
} from './catalog.ts';
export { CONTACTS_PATH, type ContactLookupQuery, ContactLookupQuerySchema, type MailContact, MailContactSchema } from './contacts.ts';
export { AUTH_ERROR_STATUS, type AuthErrorCode } from './errors/auth.ts';
export { BOOKINGS_ERROR_STATUS, type BookingsErrorCode } from './errors/bookings.ts';
export { CATALOG_ERROR_STATUS, type CatalogErrorCode } from './errors/catalog.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, type ErrorStatusTable, type UpstreamFailureCode } from './errors/common.ts';
export { renderErrorCodesDoc } from './errors/doc.ts';
export { errorEnvelopeSchema } from './errors/envelope.ts';
export { GATEWAY_ERROR_STATUS, type GatewayErrorCode } from './errors/gateway.ts';
export { codesOf, ERROR_TABLES, type ErrorCode, type ErrorTableName, statusOf } from './errors/registry.ts';
export { TALENT_ERROR_STATUS, type TalentErrorCode } from './errors/talent.ts';
export {
  CURRENCY_CODES,
  type CurrencyCode,
  CurrencySchema,
  DEFAULT_LANG,
  DEFAULT_MARKET,
  LANGUAGES,
  type Lang,
  LangSchema,
  MARKET_CODES,
  MARKETS,
  type Market,
  type MarketCode,
  MarketCodeSchema,
} from './markets.ts';
export { COUNTRY_CALLING_CODE_PATTERN, E164_PATTERN, isE164 } from './phone.ts';
export { REVOCATIONS_PAGE, REVOCATIONS_PATH, type RevocationFeed, RevocationFeedSchema } from './revocations.ts';
export {
  DEFAULT_PM_PREVIEWS,
  ExperienceSchema,
  LanguageSchema,
  LocationSchema,
  MAX_PM_PREVIEWS,
  PmPreviewQuerySchema,
  SkillSchema,
  type StaffProfile,
  StaffProfileSchema,
  TALENT_ROLES,
  type TalentIndexEntry,
  TalentIndexEntrySchema,
  type TalentRole,
  TalentRoleSchema,
} from './talent.ts';
export { ROLES, type Role, RoleSchema, STAFF_ROLES, TOKEN_TYPES, type TokenClaims, TokenClaimsSchema, type TokenType } from './tokens.ts';
