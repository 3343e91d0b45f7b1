import { CurrencySchema, FaqSchema, MarketCodeSchema, SERVICE_KINDS } from '@tm/contracts';
import { t } from 'elysia';

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
  kind: t.UnionEnum(SERVICE_KINDS),
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

/** What the read model keeps of a service: no description, inclusions or FAQ (the list and detail read those from the store). */
export type ServiceSummary = Pick<
  ServiceDoc,
  '_id' | 'slug' | 'kind' | 'category' | 'rank' | 'markets' | 'defaultHours' | 'minHours' | 'prices' | 'updatedAt'
> & {
  i18n: Record<keyof ServiceDoc['i18n'], { name: string; summary: string }>;
};
