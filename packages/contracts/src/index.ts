/**
 * @tm/contracts: every shape, limit and error code that crosses a process boundary, written once
 * (TypeBox through Elysia's `t`; pure, no I/O). Producers answer with these schemas and consumers
 * check what they receive against the same ones. Explicit named exports only.
 */
export {
  type AccountDeletion,
  AccountDeletionSchema,
  type AccountErasure,
  type AccountErasureRequest,
  AccountErasureRequestSchema,
  AccountErasureSchema,
  type AccountExport,
  type AccountExportPart,
  AccountExportPartSchema,
  AccountExportSchema,
  type AccountProfile,
  AccountProfileSchema,
  accountErasePath,
  accountExportPath,
  ConfirmEmailBody,
  type Me,
  MeSchema,
  SentSchema,
  type SessionView,
  SessionViewSchema,
  SIGN_OUT_SCOPES,
  SignedOutSchema,
  SignOutBody,
  type SignOutRequest,
  type SignOutScope,
  UpdatedSchema,
  UpdateMeBody,
  type UpdateMeRequest,
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
  type BookingFacts,
  BookingFactsSchema,
  BookingHistoryEntrySchema,
  BookingSchema,
  type BookingStatus,
  BookingStatusSchema,
  bookingFactsPath,
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
export { ASSISTANT_ERROR_STATUS, type AssistantErrorCode } from './errors/assistant.ts';
export { AUTH_ERROR_STATUS, type AuthErrorCode } from './errors/auth.ts';
export { BOOKINGS_ERROR_STATUS, type BookingsErrorCode } from './errors/bookings.ts';
export { CATALOG_ERROR_STATUS, type CatalogErrorCode } from './errors/catalog.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, type ErrorStatusTable, type UpstreamFailureCode } from './errors/common.ts';
export { CONTENT_ERROR_STATUS, type ContentErrorCode } from './errors/content.ts';
export { renderErrorCodesDoc } from './errors/doc.ts';
export { errorEnvelopeSchema } from './errors/envelope.ts';
export { GATEWAY_ERROR_STATUS, type GatewayErrorCode } from './errors/gateway.ts';
export { GROWTH_ERROR_STATUS, type GrowthErrorCode } from './errors/growth.ts';
export { MESSAGING_ERROR_STATUS, type MessagingErrorCode } from './errors/messaging.ts';
export { codesOf, ERROR_TABLES, type ErrorCode, type ErrorTableName, statusOf } from './errors/registry.ts';
export { REVIEWS_ERROR_STATUS, type ReviewsErrorCode } from './errors/reviews.ts';
export { SEARCH_ERROR_STATUS, type SearchErrorCode } from './errors/search.ts';
export { TALENT_ERROR_STATUS, type TalentErrorCode } from './errors/talent.ts';
export {
  type IndexPrice,
  IndexPriceSchema,
  type IndexTrailer,
  IndexTrailerSchema,
  NDJSON,
  type ServiceIndexLine,
  ServiceIndexLineSchema,
  type TalentIndexLine,
  TalentIndexLineSchema,
} from './indexes.ts';
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
  CreatedStaffSchema,
  CreateStaffBody,
  type CreateStaffRequest,
  type StaffAccount,
  StaffAccountSchema,
  StaffListQuery,
} from './staff.ts';
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
