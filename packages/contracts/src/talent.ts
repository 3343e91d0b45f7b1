import { t } from 'elysia';
import { AvailabilitySchema, MAX_SERVICE_ID_LENGTH } from './catalog.ts';
import { MarketCodeSchema } from './markets.ts';
import { RatingSchema } from './reviews.ts';

/** Who a talent profile belongs to: a project manager, a field resource or an independent expert. */
export const TALENT_ROLES = ['pm', 'resource', 'expert'] as const;
export const TalentRoleSchema = t.UnionEnum(TALENT_ROLES, { title: 'TalentRole', description: 'pm (project manager), resource (field resource) or expert' });
export type TalentRole = typeof TalentRoleSchema.static;

/** A skill and how long the person has used it. */
export const SkillSchema = t.Object({ name: t.String(), years: t.Integer({ minimum: 0, maximum: 50, description: 'Years of hands-on use' }) });

const YearMonth = t.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });

/** One position held. */
export const ExperienceSchema = t.Object({
  company: t.String(),
  title: t.String(),
  from: YearMonth,
  to: t.Union([YearMonth, t.Null()], { description: 'YYYY-MM, or null for the current position' }),
  summary: t.String(),
});

/** A language the person speaks. */
export const LanguageSchema = t.Object({
  code: t.String({ description: 'BCP-47 primary language subtag (en, hi, ar, de, ta, fr, ...)' }),
  name: t.String({ description: 'English name of the language' }),
  proficiency: t.UnionEnum(['native', 'fluent', 'professional', 'conversational']),
});

/** Where the person works from. */
export const LocationSchema = t.Object({ market: MarketCodeSchema, city: t.String() });

/** The public profile of talent's GET /pm/{id}/profile, /resource/{id}/profile and /talent/{slug}: no contact data, no notes, no flags. */
export const StaffProfileSchema = t.Object(
  {
    id: t.String({ description: 'Database id; the profile routes accept it or the slug' }),
    slug: t.String(),
    role: TalentRoleSchema,
    displayName: t.String(),
    headline: t.String(),
    bio: t.String(),
    skills: t.Array(SkillSchema),
    experience: t.Array(ExperienceSchema, { description: 'Newest first' }),
    languages: t.Array(LanguageSchema),
    location: LocationSchema,
    rating: t.Optional(
      t.Composite([RatingSchema], {
        title: 'ProfileRating',
        description:
          'PM profile only: {count, average} of the published reviews of completed bookings on this platform (reviews service), as on the service detail; ' +
          'once there is one, updated within 60 s of a change; absent while reviews is unavailable (never an error). Until 2026-11 this field was the number now in `listedRating`.',
      }),
    ),
    listedRating: t.Number({
      minimum: 0,
      maximum: 5,
      description:
        'The rating the profile was listed with (imported with it, one decimal; not from reviews on this platform, so it never orders search results)',
    }),
    listedReviewCount: t.Integer({ minimum: 0, description: 'How many reviews `listedRating` was listed from' }),
    availability: AvailabilitySchema,
    services: t.Array(t.String(), { description: 'Catalog service slugs this person can deliver (see GET /services/{id})' }),
    industries: t.Array(t.String(), { description: 'Industries the person has worked in, lower case (fintech, retail, healthcare, ...)' }),
    profileUrl: t.String({ description: 'Site path of the profile page: /pm/<slug>, /resource/<slug> or /talent/<slug>' }),
    updatedAt: t.String({ description: 'ISO-8601 timestamp of the last change' }),
  },
  { title: 'StaffProfile', additionalProperties: false },
);
export type StaffProfile = typeof StaffProfileSchema.static;

/** One line of talent's GET /internal/talent-index, which the gateway turns into sitemap and llms entries. */
export const TalentIndexEntrySchema = t.Object(
  {
    /** The profile's database id: what reviews' ratings index names a PM by (site files and search join on it); optional so older lines still read. */
    id: t.Optional(t.String({ minLength: 1 })),
    slug: t.String({ minLength: 1 }),
    kind: TalentRoleSchema,
    displayName: t.String(),
    headline: t.String(),
    skills: t.Array(t.String()),
    location: MarketCodeSchema,
    updatedAt: t.String(),
    /** For search's matching and ranking (design/reviews-search.md); optional so older lines still read. */
    industries: t.Optional(t.Array(t.String())),
    availability: t.Optional(t.Union([t.Literal('available'), t.Literal('limited'), t.Literal('unavailable')])),
  },
  { title: 'TalentIndexEntry', additionalProperties: false },
);
export type TalentIndexEntry = typeof TalentIndexEntrySchema.static;

/** How many PM previews talent's GET /internal/pm-previews answers: `limit` is 1-10, default 3. */
export const MAX_PM_PREVIEWS = 10;
export const DEFAULT_PM_PREVIEWS = 3;

/** Query of talent's GET /internal/pm-previews (the catalog asks it for a service page). */
export const PmPreviewQuerySchema = t.Object({
  service: t.String({ minLength: 1, maxLength: MAX_SERVICE_ID_LENGTH, description: 'Catalog service slug' }),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PM_PREVIEWS, default: DEFAULT_PM_PREVIEWS })),
});
