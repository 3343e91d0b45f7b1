import type { CurrencyCode, MarketCode } from '@tm/contracts';

/** A service's hourly rate in one market, in integer minor units. */
export interface MarketPrice {
  market: MarketCode;
  currency: CurrencyCode;
  hourlyRate: number;
}
