import { t } from 'elysia';
import { PmPreviewSchema } from '../talent/model.ts';

/** The categories the catalog groups services into; `category` filters must name one of them. */
export const CATEGORIES = ['frontend', 'backend', 'mobile', 'data-ai', 'cloud-devops', 'design', 'quality', 'security', 'product-delivery'] as const;
export type Category = (typeof CATEGORIES)[number];

/** hire-a-role: a person by the hour; project: a scoped delivery with a larger hour budget. */
export const SERVICE_KINDS = ['role', 'project'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

const MarketCodeSchema = t.Union([t.Literal('IN'), t.Literal('AE'), t.Literal('DE'), t.Literal('US'), t.Literal('AU')], {
  description: 'Market code (ISO 3166-1 alpha-2)',
});
const CurrencySchema = t.Union([t.Literal('INR'), t.Literal('AED'), t.Literal('EUR'), t.Literal('USD'), t.Literal('AUD')], {
  description: 'ISO 4217 currency code',
});
const LangSchema = t.Union([t.Literal('en'), t.Literal('hi'), t.Literal('ar'), t.Literal('de')]);

/** A question and its answer, in one language. */
export const FaqSchema = t.Object({ question: t.String(), answer: t.String() }, { title: 'FaqEntry' });

/** The copy of a service in one language. */
export const ServiceCopySchema = t.Object({
  name: t.String(),
  summary: t.String(),
  description: t.String(),
  inclusions: t.Array(t.String()),
  faq: t.Array(FaqSchema),
});
export type ServiceCopy = typeof ServiceCopySchema.static;

/** One market's price point: the hourly rate in that market's own currency. */
export const PricePointSchema = t.Object({
  currency: CurrencySchema,
  hourlyRate: t.Integer({ minimum: 1, description: 'Hourly rate in integer minor units (paise, fils, cents)' }),
});

/** A service as stored: every language and every market's price list in one document. */
export const ServiceDocSchema = t.Object({
  _id: t.String(),
  slug: t.String(),
  kind: t.Union([t.Literal('role'), t.Literal('project')]),
  category: t.String(),
  rank: t.Integer({ description: 'Display order in lists' }),
  active: t.Boolean(),
  markets: t.Array(MarketCodeSchema),
  defaultHours: t.Number(),
  minHours: t.Number(),
  prices: t.Record(t.String(), PricePointSchema),
  i18n: t.Object({ en: ServiceCopySchema, hi: ServiceCopySchema, ar: ServiceCopySchema, de: ServiceCopySchema }),
  updatedAt: t.String({ format: 'date-time' }),
});
export type ServiceDoc = typeof ServiceDocSchema.static;

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
    kind: t.Union([t.Literal('role'), t.Literal('project')], { description: 'role = hire-a-role by the hour; project = project delivery' }),
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
    serviceId: t.String({ minLength: 1, maxLength: 100, description: 'Service id or slug' }),
    hours: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 10_000, description: 'Defaults to the service default hours' })),
    // A number with multipleOf 1 rather than t.Integer, which Elysia documents as "integer or numeric string"
    // in bodies; the cart parser accepts JSON numbers only.
    qty: t.Optional(t.Number({ minimum: 1, maximum: 100, multipleOf: 1, description: 'Integer 1-100, default 1' })),
  },
  { additionalProperties: false, title: 'CartItem' },
);
export type CartItem = typeof CartItemSchema.static;

/** The body of POST /jobs/pricing. */
export const CartSchema = t.Object({ items: t.Array(CartItemSchema, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false, title: 'PricingRequest' });
export type Cart = typeof CartSchema.static;

/** The entry of GET /internal/service-index (the gateway's sitemap and llms files). */
export const ServiceIndexEntrySchema = t.Object({
  _id: t.String(),
  slug: t.String(),
  kind: t.Union([t.Literal('role'), t.Literal('project')]),
  category: t.String(),
  name: t.String(),
  summary: t.String(),
  markets: t.Array(MarketCodeSchema),
  updatedAt: t.String({ format: 'date-time' }),
});
export type ServiceIndexEntry = typeof ServiceIndexEntrySchema.static;
