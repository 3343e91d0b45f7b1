import type { Lang, Market, Service, ServiceIndexEntry } from '@tm/contracts';
/** Turns stored documents into the public shapes for one market and language. */
import { multiplyMinor } from '@tm/shared/money';
import type { ServiceDoc, ServiceSummary } from './model.ts';
import type { LineInput } from './pricing.ts';

/** The copy in `lang`, falling back to English when a translation is missing. */
function copyOf<C>(doc: { i18n: Record<Lang, C> }, lang: Lang): C {
  return doc.i18n[lang] ?? doc.i18n.en;
}

/** True when the service can be booked in the market (listed there and priced there). */
export function isOfferedIn(doc: Pick<ServiceSummary, 'markets' | 'prices'>, market: Market): boolean {
  return doc.markets.includes(market.code) && doc.prices[market.code] !== undefined;
}

/** The public Service record, priced in `market`, written in `lang`. */
export function toService(doc: ServiceDoc, market: Market, lang: Lang): Service {
  const copy = copyOf(doc, lang);
  const price = doc.prices[market.code];
  if (!price) throw new Error(`service ${doc.slug} has no price in ${market.code}`);
  return {
    _id: doc._id,
    slug: doc.slug,
    kind: doc.kind,
    category: doc.category,
    lang,
    name: copy.name,
    summary: copy.summary,
    description: copy.description,
    inclusions: copy.inclusions,
    faq: copy.faq,
    pricing: {
      market: market.code,
      currency: market.currency,
      hourlyRate: price.hourlyRate,
      defaultHours: doc.defaultHours,
      minHours: doc.minHours,
      estimatedAmount: multiplyMinor(price.hourlyRate, doc.defaultHours),
      taxName: market.taxName,
      taxRateBasisPoints: market.taxBasisPoints,
    },
    markets: doc.markets,
    updatedAt: doc.updatedAt,
  };
}

/** The site-files entry, always in English. */
export function toIndexEntry(doc: ServiceSummary): ServiceIndexEntry {
  return {
    _id: doc._id,
    slug: doc.slug,
    kind: doc.kind,
    category: doc.category,
    name: doc.i18n.en.name,
    summary: doc.i18n.en.summary,
    markets: doc.markets,
    updatedAt: doc.updatedAt,
  };
}

/** The pricing input for one service in one market; hours default to the service's default. */
export function toLineInput(doc: ServiceSummary, market: Market, lang: Lang, hours: number | undefined, qty: number): LineInput {
  const price = doc.prices[market.code];
  if (!price) throw new Error(`service ${doc.slug} has no price in ${market.code}`);
  return {
    serviceId: doc._id,
    slug: doc.slug,
    name: copyOf(doc, lang).name,
    unitAmount: price.hourlyRate,
    minHours: doc.minHours,
    hours: hours ?? doc.defaultHours,
    qty,
  };
}
