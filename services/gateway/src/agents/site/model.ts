import type { CurrencyCode, MarketCode, ServiceIndexEntry, TalentIndexEntry } from '@tm/contracts';

/** A service's hourly rate in one market, in integer minor units. */
export interface MarketPrice {
  market: MarketCode;
  currency: CurrencyCode;
  hourlyRate: number;
}

/** What the site files are built from: the catalog's and talent's index entries (the contract's shapes) and the market prices. */
export interface SiteData {
  services: ServiceIndexEntry[];
  talent: TalentIndexEntry[];
  /** Hourly rates by service slug, one per market offering it (empty while the catalog list is unreadable). */
  prices: ReadonlyMap<string, MarketPrice[]>;
}
