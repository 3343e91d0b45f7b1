/**
 * `@tm/contracts/errors`: the error tables alone, plain data with no schema library, so a process
 * part that only needs codes and statuses (the store adapters' outage error) loads no Elysia.
 */
export { ASSISTANT_ERROR_STATUS, type AssistantErrorCode } from './assistant.ts';
export { AUTH_ERROR_STATUS, type AuthErrorCode } from './auth.ts';
export { BOOKINGS_ERROR_STATUS, type BookingsErrorCode } from './bookings.ts';
export { CATALOG_ERROR_STATUS, type CatalogErrorCode } from './catalog.ts';
export { COMMON_ERROR_STATUS, type CommonErrorCode, type ErrorStatusTable, type UpstreamFailureCode } from './common.ts';
export { CONTENT_ERROR_STATUS, type ContentErrorCode } from './content.ts';
export { GATEWAY_ERROR_STATUS, type GatewayErrorCode } from './gateway.ts';
export { GROWTH_ERROR_STATUS, type GrowthErrorCode } from './growth.ts';
export { MESSAGING_ERROR_STATUS, type MessagingErrorCode } from './messaging.ts';
export { codesOf, ERROR_TABLES, type ErrorCode, type ErrorTableName, statusOf } from './registry.ts';
export { REVIEWS_ERROR_STATUS, type ReviewsErrorCode } from './reviews.ts';
export { SEARCH_ERROR_STATUS, type SearchErrorCode } from './search.ts';
export { TALENT_ERROR_STATUS, type TalentErrorCode } from './talent.ts';
