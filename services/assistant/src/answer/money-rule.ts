import type { CurrencyCode, MarketCode, Quote } from '@tm/contracts';
import { CURRENCY_EXPONENT } from '@tm/shared/money';
import { findAmounts, type TextAmount } from './money-text.ts';

/**
 * The amounts tools priced in one answer. Only these may appear in the model's text: a company
 * answers for what its bot says (Moffatt v. Air Canada), so no price is ever taken from a model.
 */
export class PricedAmounts {
  private readonly exact = new Set<string>();
  private readonly wholeUnits = new Set<string>();
  /** The last Quote a tool priced: what the answer shows. */
  lastQuote: Quote | undefined;

  /** A quote from catalog: its total, subtotal, tax, and each line's amount and rate. */
  addQuote(quote: Quote): void {
    this.lastQuote = quote;
    for (const amount of [quote.total, quote.subtotal, quote.tax.amount, ...quote.lines.flatMap((l) => [l.amount, l.unitAmount])]) {
      this.add(quote.currency, amount);
    }
  }

  /** Every `{amount, currency}` a tool's structured answer holds (rates and estimates from the catalog count as priced). */
  addFrom(structured: unknown, depth = 0): void {
    if (depth > 8 || typeof structured !== 'object' || structured === null) return;
    const o = structured as { amount?: unknown; currency?: unknown };
    if (Number.isInteger(o.amount) && typeof o.currency === 'string' && Object.hasOwn(CURRENCY_EXPONENT, o.currency)) {
      this.add(o.currency as CurrencyCode, o.amount as number);
    }
    for (const value of Object.values(structured)) this.addFrom(value, depth + 1);
  }

  private add(currency: CurrencyCode, minor: number): void {
    const unit = 10 ** CURRENCY_EXPONENT[currency];
    this.exact.add(`${currency}:${minor}`);
    this.wholeUnits.add(`${currency}:${Math.round(minor / unit) * unit}`);
  }

  /** True when the text's amount is one a tool priced: equal, or that amount rounded to whole units when written without decimals. */
  covers(found: TextAmount): boolean {
    return found.currencies.some((c) => this.exact.has(`${c}:${found.minor}`) || (found.whole && this.wholeUnits.has(`${c}:${found.minor}`)));
  }
}

/** What stands where an amount was removed. */
export function replacementFor(priced: PricedAmounts): string {
  return priced.lastQuote ? '(see the quote for the exact price)' : '(ask me for a quote for the exact price)';
}

/**
 * The money rule over one piece of model text: every amount with a currency that no tool priced
 * in this answer is removed, the replacement pointing at the tool's quote (shown with the answer)
 * or offering one. Amounts a tool priced stay as written.
 */
export function applyMoneyRule(text: string, priced: PricedAmounts, market: MarketCode): { text: string; removed: string[] } {
  const removed: string[] = [];
  let out = '';
  let at = 0;
  for (const found of findAmounts(text, market)) {
    if (priced.covers(found)) continue;
    removed.push(found.raw);
    out += text.slice(at, found.start) + replacementFor(priced);
    at = found.end;
  }
  return { text: removed.length ? out + text.slice(at) : text, removed };
}
