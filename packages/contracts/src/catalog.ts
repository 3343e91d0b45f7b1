import { t } from 'elysia';
import { CurrencySchema, LangSchema, MarketCodeSchema } from './markets.ts';
import { RatingSchema } from './reviews.ts';

/** Limits of the catalog's inputs (DESIGN.md "Catalog and pricing rules"); the schemas below are built from them. */
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_HOURS = 10_000;
export const MAX_QTY = 100;
export const MAX_CART_ITEMS = 50;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SERVICE_ID_LENGTH = 100;

/** The categories the catalog groups services into; `category` filters must name one of them. */
export const CATEGORIES = ['frontend', 'backend', 'mobile', 'data-ai', 'cloud-devops', 'design', 'quality', 'security', 'product-delivery'] as const;
export type Category = (typeof CATEGORIES)[number];

/** hire-a-role: a person by the hour; project: a scoped delivery with a larger hour budget. */
export const SERVICE_KINDS = ['role', 'project'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** A question and its answer, in one language. */
export const FaqSchema = t.Object({ question: t.String(), answer: t.String() }, { title: 'FaqEntry' });

/** A talent profile's availability (talent stores it; PM previews carry it to the catalog). */
export const AvailabilitySchema = t.Object(
  {
    status: t.Union([t.Literal('available'), t.Literal('limited'), t.Literal('unavailable')]),
    hoursPerWeek: t.Integer({ minimum: 0, maximum: 60 }),
    nextAvailableDate: t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' }),
  },
  { title: 'Availability' },
);

/** A PM who can deliver a service, as talent's /internal/pm-previews returns it and the catalog shows it (`availablePms`). */
export const PmPreviewSchema = t.Object(
  {
    id: t.String(),
    slug: t.String(),
    displayName: t.String(),
    headline: t.String(),
    rating: t.Optional(RatingSchema),
    listedRating: t.Number({ minimum: 0, maximum: 5, description: 'The rating the profile was listed with (not from reviews on this site)' }),
    listedReviewCount: t.Integer({ minimum: 0 }),
    availability: AvailabilitySchema,
    profileUrl: t.String({ description: 'Path of the public profile, /pm/<slug>' }),
  },
  {
    title: 'PmPreview',
    description:
      '`rating {count, average}` from published reviews on this site, as on the PM profile (absent before the first one or while reviews is unavailable); ' +
      '`listedRating` and `listedReviewCount` are the figures the profile was listed with (breaking change, 2026-11: `rating` and `reviewCount` were those numbers).',
  },
);
export type PmPreview = typeof PmPreviewSchema.static;

/** What a service costs in the caller's market, before tax. */
export const ServicePricingSchema = t.Object(
  {
    market: MarketCodeSchema,
    currency: CurrencySchema,
    hourlyRate: t.Integer({ description: 'Hourly rate in integer minor units of `currency`' }),
    defaultHours: t.Number({ description: 'Hours a quote uses when none are given' }),
    minHours: t.Number({ description: 'Billing minimum: fewer hours are billed as this many' }),
    estimatedAmount: t.Integer({ description: 'roundHalfUp(hourlyRate x defaultHours), minor units, before tax' }),
    taxName: t.String(),
    taxRateBasisPoints: t.Integer({ description: 'Tax rate in basis points (1800 = 18 %)' }),
  },
  { title: 'ServicePricing' },
);

/** The public Service record (spec: pricing, inclusions, FAQ, available-PM previews). */
export const ServiceSchema = t.Object(
  {
    _id: t.String({ description: '24-hex database id' }),
    slug: t.String({ description: 'URL slug; accepted wherever an id is' }),
    kind: t.UnionEnum(SERVICE_KINDS, { description: 'role = hire-a-role by the hour; project = project delivery' }),
    category: t.String(),
    lang: LangSchema,
    name: t.String(),
    summary: t.String(),
    description: t.String(),
    inclusions: t.Array(t.String()),
    faq: t.Array(FaqSchema),
    pricing: ServicePricingSchema,
    markets: t.Array(MarketCodeSchema, { description: 'Markets where the service can be booked' }),
    availablePms: t.Optional(
      t.Array(PmPreviewSchema, { description: 'Detail only: up to 3 PM previews from the talent service; [] when talent is unavailable' }),
    ),
    /** Detail only: published reviews of the service (reviews service), once there is one; absent while reviews is unavailable. */
    rating: t.Optional(RatingSchema),
    updatedAt: t.String({ format: 'date-time' }),
  },
  { title: 'Service' },
);
export type Service = typeof ServiceSchema.static;

/** The lightweight picker entry of GET /services/catalog (spec: exactly these three fields). */
export const CatalogEntrySchema = t.Object({ _id: t.String(), slug: t.String(), name: t.String() }, { title: 'CatalogEntry' });
export type CatalogEntry = typeof CatalogEntrySchema.static;

/** One priced line of a quote. */
export const QuoteLineSchema = t.Object(
  {
    serviceId: t.String(),
    slug: t.String(),
    name: t.String(),
    hours: t.Number({ description: 'Hours requested (the service default when none were given)' }),
    billedHours: t.Number({ description: 'max(hours, minHours)' }),
    qty: t.Integer({ description: 'How many of this line (people or deliveries)' }),
    unitAmount: t.Integer({ description: 'Hourly rate, minor units' }),
    amount: t.Integer({ description: 'roundHalfUp(unitAmount x billedHours) x qty, minor units' }),
    minimumApplied: t.Boolean({ description: 'True when fewer hours than the minimum were requested' }),
    note: t.Optional(t.String({ description: 'Why the billed hours differ from the requested ones' })),
  },
  { title: 'QuoteLine' },
);

/** A price for one service or a cart, in the caller's market currency. */
export const QuoteSchema = t.Object(
  {
    market: MarketCodeSchema,
    currency: CurrencySchema,
    lines: t.Array(QuoteLineSchema),
    subtotal: t.Integer({ description: 'Sum of line amounts, minor units' }),
    tax: t.Object({
      name: t.String(),
      rateBasisPoints: t.Integer(),
      amount: t.Integer({ description: 'roundHalfUp(subtotal x rateBasisPoints / 10000), minor units' }),
    }),
    total: t.Integer({ description: 'subtotal + tax.amount, minor units' }),
    validUntil: t.String({ format: 'date-time' }),
    validForSeconds: t.Integer(),
  },
  { title: 'Quote' },
);
export type Quote = typeof QuoteSchema.static;
export type QuoteLine = typeof QuoteLineSchema.static;

/** One cart line of POST /jobs/pricing. */
export const CartItemSchema = t.Object(
  {
    serviceId: t.String({ minLength: 1, maxLength: MAX_SERVICE_ID_LENGTH, pattern: '\\S', description: 'Service id or slug (surrounding spaces are ignored)' }),
    hours: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: MAX_HOURS, description: 'Defaults to the service default hours' })),
    // A number with multipleOf 1 rather than t.Integer, which Elysia documents as "integer or numeric string"
    // in bodies; the cart parser accepts JSON numbers only.
    qty: t.Optional(t.Number({ minimum: 1, maximum: MAX_QTY, multipleOf: 1, description: 'Integer 1-100, default 1' })),
  },
  { additionalProperties: false, title: 'CartItem' },
);
export type CartItem = typeof CartItemSchema.static;

/** The body of POST /jobs/pricing. */
export const CartSchema = t.Object(
  { items: t.Array(CartItemSchema, { minItems: 1, maxItems: MAX_CART_ITEMS }) },
  { additionalProperties: false, title: 'PricingRequest' },
);
export type Cart = typeof CartSchema.static;

/** The entry of GET /internal/service-index (the gateway's sitemap and llms files). */
export const ServiceIndexEntrySchema = t.Object({
  _id: t.String(),
  slug: t.String({ minLength: 1 }),
  kind: t.UnionEnum(SERVICE_KINDS),
  category: t.String(),
  name: t.String(),
  summary: t.String(),
  markets: t.Array(MarketCodeSchema),
  updatedAt: t.String({ format: 'date-time' }),
});
export type ServiceIndexEntry = typeof ServiceIndexEntrySchema.static;
