import type { CurrencyCode } from '@tm/contracts';

/** An amount in integer minor units (cents, paise, fils) of an ISO 4217 currency. Never a float. */
export interface Money {
  amount: number;
  currency: CurrencyCode;
}

/** Digits after the decimal point per currency (ISO 4217 exponent). */
export const CURRENCY_EXPONENT: Readonly<Record<CurrencyCode, number>> = { INR: 2, AED: 2, EUR: 2, USD: 2, AUD: 2 };

/** Throws unless `amount` is a safe integer: minor units must never be fractional. */
export function assertMinorUnits(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer amount of minor units: ${amount}`);
  return amount;
}

/**
 * Rounds half away from zero to an integer. Used at every pricing step where a fraction of a
 * minor unit can appear, so a quote is reproducible by hand (commercial rounding).
 */
export function roundHalfUp(value: number): number {
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999999999999.
  const sign = value < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(value) + 1e-9);
}

/** `unitAmount` minor units times a (possibly fractional) factor, rounded half up. */
export function multiplyMinor(unitAmount: number, factor: number): number {
  assertMinorUnits(unitAmount);
  return assertMinorUnits(roundHalfUp(unitAmount * factor));
}

/**
 * `basisPoints` / 10000 of `amount` minor units, rounded half up (taxes, discounts), in exact
 * integer arithmetic: amount x basis points can pass 2^53 on large carts, so the product and the
 * half-up division run on BigInt.
 */
export function percentOfMinor(amount: number, basisPoints: number): number {
  assertMinorUnits(amount);
  const product = BigInt(amount) * BigInt(basisPoints);
  const sign = product < 0n ? -1n : 1n;
  const rounded = (product * sign * 2n + 10_000n) / 20_000n; // floor(|product| / 10000 + 1/2)
  return assertMinorUnits(Number(rounded * sign));
}

/** Sum of minor-unit amounts. */
export function sumMinor(amounts: readonly number[]): number {
  return assertMinorUnits(amounts.reduce((a, b) => a + b, 0));
}

/** Minor units as a decimal string in major units ("1234.50"), for text outputs. */
export function formatMinor(money: Money): string {
  const exp = CURRENCY_EXPONENT[money.currency];
  const sign = money.amount < 0 ? '-' : '';
  const abs = Math.abs(money.amount)
    .toString()
    .padStart(exp + 1, '0');
  return `${sign}${abs.slice(0, abs.length - exp)}.${abs.slice(abs.length - exp)} ${money.currency}`;
}
