import { z } from 'zod';

/** One entry of catalog's GET /internal/service-index (contract fixed by the lead). */
export const ServiceIndexEntry = z.object({
  _id: z.string(),
  slug: z.string().min(1),
  kind: z.string(),
  category: z.string(),
  name: z.string(),
  summary: z.string(),
  markets: z.array(z.string()),
  updatedAt: z.string(),
});
export type ServiceIndexEntry = z.infer<typeof ServiceIndexEntry>;

/** One entry of talent's GET /internal/talent-index (contract fixed by the lead). */
export const TalentIndexEntry = z.object({
  slug: z.string().min(1),
  kind: z.enum(['pm', 'resource', 'expert']),
  displayName: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  location: z.string(),
  updatedAt: z.string(),
});
export type TalentIndexEntry = z.infer<typeof TalentIndexEntry>;

/** The part of a catalog GET /services entry the llms files quote: one market's hourly rate. */
export const ServicePriceEntry = z.object({
  slug: z.string(),
  pricing: z.object({ market: z.string(), currency: z.enum(['INR', 'AED', 'EUR', 'USD', 'AUD']), hourlyRate: z.number().int() }),
});
export type ServicePriceEntry = z.infer<typeof ServicePriceEntry>;

/** A service's hourly rate in one market, in integer minor units. */
export interface MarketPrice {
  market: string;
  currency: ServicePriceEntry['pricing']['currency'];
  hourlyRate: number;
}

/** What the site files are built from. */
export interface SiteData {
  services: ServiceIndexEntry[];
  talent: TalentIndexEntry[];
  /** Hourly rates by service slug, one per market offering it (empty while the catalog list is unreadable). */
  prices: ReadonlyMap<string, MarketPrice[]>;
}

/**
 * Keeps the entries that match the contract and drops the rest, so one malformed record from a
 * service cannot take a whole site file down.
 */
export function keepValid<T>(schema: z.ZodType<T>, items: unknown): T[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
