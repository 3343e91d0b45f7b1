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
export { REVOCATIONS_PAGE, REVOCATIONS_PATH, type RevocationFeed, RevocationFeedSchema } from './revocations.ts';
