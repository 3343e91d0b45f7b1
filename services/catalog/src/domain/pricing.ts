import type { Lang, Market, Quote, QuoteLine } from '@tm/contracts';
/**
 * Pricing rules, pure and framework-free. All money is integer minor units of the market's
 * currency. The rule, rounding once per step (half away from zero, "commercial" rounding):
 *
 *   billedHours = max(hours, minHours)                        (minimum is a billing floor, not an error)
 *   line amount = roundHalfUp(unitAmount x billedHours) x qty
 *   subtotal    = sum of line amounts
 *   tax         = roundHalfUp(subtotal x rateBasisPoints / 10000)
 *   total       = subtotal + tax
 *
 * Rounding the hourly product before multiplying by qty means one line of qty 3 costs exactly
 * three lines of qty 1, so splitting or merging a cart never changes its total.
 */
import { assertMinorUnits, multiplyMinor, percentOfMinor, sumMinor } from '@tm/shared/money';

/** How long a quote is honoured, in seconds. */
export const QUOTE_VALIDITY_S = 30 * 60;

/** What a line needs to be priced: the service's terms in one market plus the request. */
export interface LineInput {
  serviceId: string;
  slug: string;
  name: string;
  unitAmount: number;
  minHours: number;
  /** Requested hours, already defaulted to the service's default hours. */
  hours: number;
  qty: number;
}

const MINIMUM_NOTE: Readonly<Record<Lang, (min: number, hours: number) => string>> = {
  en: (min, hours) => `Billed at the ${min}-hour minimum for this service (${hours} h requested).`,
  hi: (min, hours) => `इस सेवा के लिए न्यूनतम ${min} घंटे का बिल बनाया गया है (${hours} घंटे माँगे गए)।`,
  ar: (min, hours) => `تُحتسب الفاتورة على الحد الأدنى لهذه الخدمة وهو ${min} ساعة (طُلبت ${hours} ساعة).`,
  de: (min, hours) => `Abgerechnet wird das Minimum dieser Leistung von ${min} Stunden (${hours} Std. angefragt).`,
};

/** Prices one line: the minimum-hours floor, then the rounded hourly product, then qty. */
export function priceLine(input: LineInput, lang: Lang = 'en'): QuoteLine {
  const minimumApplied = input.hours < input.minHours;
  const billedHours = minimumApplied ? input.minHours : input.hours;
  const perUnit = multiplyMinor(input.unitAmount, billedHours);
  const line: QuoteLine = {
    serviceId: input.serviceId,
    slug: input.slug,
    name: input.name,
    hours: input.hours,
    billedHours,
    qty: input.qty,
    unitAmount: input.unitAmount,
    amount: assertMinorUnits(perUnit * input.qty),
    minimumApplied,
  };
  if (minimumApplied) line.note = MINIMUM_NOTE[lang](input.minHours, input.hours);
  return line;
}

/** A whole quote from priced lines, in one market, valid for QUOTE_VALIDITY_S from `nowMs`. */
export function buildQuote(market: Market, lines: QuoteLine[], nowMs: number): Quote {
  const subtotal = sumMinor(lines.map((l) => l.amount));
  const tax = percentOfMinor(subtotal, market.taxBasisPoints);
  return {
    market: market.code,
    currency: market.currency,
    lines,
    subtotal,
    tax: { name: market.taxName, rateBasisPoints: market.taxBasisPoints, amount: tax },
    total: assertMinorUnits(subtotal + tax),
    validUntil: new Date(nowMs + QUOTE_VALIDITY_S * 1000).toISOString(),
    validForSeconds: QUOTE_VALIDITY_S,
  };
}

/** The quote for a set of line inputs: each line priced, then summed and taxed. */
export function quoteLines(market: Market, inputs: readonly LineInput[], nowMs: number, lang: Lang = 'en'): Quote {
  return buildQuote(
    market,
    inputs.map((i) => priceLine(i, lang)),
    nowMs,
  );
}
