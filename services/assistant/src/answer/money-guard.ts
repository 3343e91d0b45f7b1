import type { MarketCode } from '@tm/contracts';
import { applyMoneyRule, type PricedAmounts } from './money-rule.ts';

/** Markers an amount may start with: a trailing word that could be one of them (or its start) is held back. */
const PREFIX_MARKERS = ['€', '$', '₹', 'us$', 'au$', 'a$', 'usd', 'aud', 'eur', 'inr', 'aed', 'rs', 'rs.', 'dhs', 'dhs.', 'د.إ'];
/** Characters after the last digit before an amount is complete: room for "5,000 Australian dollars". */
const TAIL = 24;

function couldStartAmount(word: string): boolean {
  const w = word.replace(/^[([~≈"'«]+/, '').toLowerCase();
  return w !== '' && PREFIX_MARKERS.some((m) => m.startsWith(w) || w === m);
}

/**
 * The money rule on a stream: text flows through at once until something could be an amount (a
 * digit, or a trailing word that may be a currency marker); from there it is held until the
 * amount is complete (TAIL characters past the last digit, a line break, or the end), then checked
 * against what tools priced so far and let through. So a delta that reached the person never has
 * to be taken back, and text without numbers is not delayed.
 */
export class MoneyGuard {
  private held = '';
  private readonly removedAmounts: string[] = [];

  constructor(
    private readonly priced: PricedAmounts,
    private readonly market: MarketCode,
  ) {}

  /** Amounts removed so far. */
  get removed(): readonly string[] {
    return this.removedAmounts;
  }

  /** Takes a piece of model text; returns what may be sent now (possibly ''). */
  push(text: string): string {
    this.held += text;
    const firstDigit = this.held.search(/\d/);
    if (firstDigit < 0) return this.releaseUpTo(this.safeEnd(this.held.length));
    const lastDigit = lastIndexOfDigit(this.held);
    const after = this.held.slice(lastDigit + 1);
    if (after.length >= TAIL || after.includes('\n')) {
      // Complete: check up to the end of the line (or all of it), keep the rest for the next round.
      const cut = after.includes('\n') ? lastDigit + 1 + after.indexOf('\n') + 1 : this.held.length;
      return this.check(cut);
    }
    // Pass what comes before the word leading up to the first digit; hold the rest.
    return this.releaseUpTo(this.wordStartBefore(firstDigit));
  }

  /** The end of the answer: everything held, checked. */
  flush(): string {
    return this.check(this.held.length);
  }

  private check(end: number): string {
    const out = applyMoneyRule(this.held.slice(0, end), this.priced, this.market);
    this.removedAmounts.push(...out.removed);
    this.held = this.held.slice(end);
    return out.text + (this.held ? this.push('') : '');
  }

  private releaseUpTo(end: number): string {
    const out = this.held.slice(0, end);
    this.held = this.held.slice(end);
    return out;
  }

  /** Where text without digits may be cut: before a trailing word that could start an amount (and the marker word before a space). */
  private safeEnd(length: number): number {
    const text = this.held.slice(0, length);
    const lastSpace = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n'), text.lastIndexOf('\u00a0'));
    const lastWord = text.slice(lastSpace + 1);
    if (couldStartAmount(lastWord)) return lastSpace + 1;
    if (lastWord === '' && lastSpace >= 0) {
      const before = text.slice(0, lastSpace);
      const prevSpace = Math.max(before.lastIndexOf(' '), before.lastIndexOf('\n'));
      if (couldStartAmount(before.slice(prevSpace + 1))) return prevSpace + 1;
    }
    return length;
  }

  /** The start of the word before `index`, stepping back over one marker word ("EUR 5", "Rs. 5"). */
  private wordStartBefore(index: number): number {
    let start = index;
    while (start > 0 && !/\s/.test(this.held[start - 1] as string)) start--;
    const gap = this.held.slice(0, start);
    const trimmed = gap.trimEnd();
    let prev = trimmed.length;
    while (prev > 0 && !/\s/.test(trimmed[prev - 1] as string)) prev--;
    return couldStartAmount(trimmed.slice(prev)) ? prev : start;
  }
}

function lastIndexOfDigit(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (/\d/.test(text[i] as string)) return i;
  return -1;
}
