import { t } from 'elysia';

/** A PM preview as the talent service's /internal/pm-previews returns it (contract fixed by the lead). */
export const PmPreviewSchema = t.Object(
  {
    id: t.String(),
    slug: t.String(),
    displayName: t.String(),
    headline: t.String(),
    rating: t.Number({ minimum: 0, maximum: 5 }),
    reviewCount: t.Integer({ minimum: 0 }),
    availability: t.Object({
      status: t.Union([t.Literal('available'), t.Literal('limited'), t.Literal('unavailable')]),
      hoursPerWeek: t.Integer(),
      nextAvailableDate: t.String({ description: 'YYYY-MM-DD' }),
    }),
    profileUrl: t.String({ description: 'Path of the public profile, /pm/<slug>' }),
  },
  { title: 'PmPreview' },
);
export type PmPreview = typeof PmPreviewSchema.static;

/** What the catalog needs from the talent service; the HTTP client and test fakes implement it. */
export interface TalentPort {
  /** Never throws: an unreachable, failing or slow talent service yields []. `requestId` is passed on for tracing. */
  pmPreviews(serviceSlug: string, limit: number, requestId?: string): Promise<PmPreview[]>;
}
