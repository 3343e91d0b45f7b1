import { t } from 'elysia';

/**
 * Shapes that cross a service boundary, written once: the producing service answers with them
 * and the consuming service checks what it receives against the same schema.
 */

/** A talent profile's availability (talent stores it; PM previews carry it to the catalog). */
export const AvailabilitySchema = t.Object({
  status: t.Union([t.Literal('available'), t.Literal('limited'), t.Literal('unavailable')]),
  hoursPerWeek: t.Integer({ minimum: 0, maximum: 60 }),
  nextAvailableDate: t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' }),
});

/** A PM who can deliver a service, as talent's /internal/pm-previews returns it and the catalog shows it (`availablePms`). */
export const PmPreviewSchema = t.Object(
  {
    id: t.String(),
    slug: t.String(),
    displayName: t.String(),
    headline: t.String(),
    rating: t.Number({ minimum: 0, maximum: 5 }),
    reviewCount: t.Integer({ minimum: 0 }),
    availability: AvailabilitySchema,
    profileUrl: t.String({ description: 'Path of the public profile, /pm/<slug>' }),
  },
  { title: 'PmPreview' },
);
export type PmPreview = typeof PmPreviewSchema.static;
