import type { Category, Lang, MarketCode, ServiceKind } from '@tm/contracts';
import type { ServiceCopy } from '../src/domain/model.ts';

/** The copy of a seed service in one language; shared FAQ entries are added per kind. */
export type SeedCopy = Omit<ServiceCopy, 'faq'> & { faq: ServiceCopy['faq'] };

/**
 * A catalog service as written by hand. `rates` holds each market's own hourly price point in
 * integer minor units of that market's currency (set locally, not converted); the markets that
 * offer the service are exactly the keys of `rates`.
 */
export interface SeedService {
  slug: string;
  kind: ServiceKind;
  category: Category;
  defaultHours: number;
  minHours: number;
  rates: Partial<Record<MarketCode, number>>;
  copy: Record<Lang, SeedCopy>;
}
