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

/** What the site files are built from. */
export interface SiteData {
  services: ServiceIndexEntry[];
  talent: TalentIndexEntry[];
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
