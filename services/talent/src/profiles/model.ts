import { AvailabilitySchema, type PmPreview, PmPreviewSchema } from '@tm/contracts';
import { t } from 'elysia';

/**
 * Two shapes of one profile: what the store holds (StoredProfile, with contact data and internal
 * notes) and what any caller may see (PublicProfile). Routes only ever return the public shape,
 * built field by field in view.ts, so a new stored field stays private until someone maps it.
 */

const YearMonth = t.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });
const Slug = t.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 1, maxLength: 100 });

/** Who a profile belongs to: a project manager, a field resource or an independent expert. */
export const TalentRoleSchema = t.Union([t.Literal('pm'), t.Literal('resource'), t.Literal('expert')], { title: 'TalentRole' });
export type TalentRole = typeof TalentRoleSchema.static;

/** Booking readiness; previews list `available` before `limited` before `unavailable`. */
export const AvailabilityStatusSchema = AvailabilitySchema.properties.status;
export type AvailabilityStatus = typeof AvailabilityStatusSchema.static;

export const MarketCodeSchema = t.Union([t.Literal('IN'), t.Literal('AE'), t.Literal('DE'), t.Literal('US'), t.Literal('AU')], {
  description: 'Market the person works from',
});

export const SkillSchema = t.Object({ name: t.String(), years: t.Integer({ minimum: 0, maximum: 50, description: 'Years of hands-on use' }) });

export const ExperienceSchema = t.Object({
  company: t.String(),
  title: t.String(),
  from: YearMonth,
  to: t.Union([YearMonth, t.Null()], { description: 'YYYY-MM, or null for the current position' }),
  summary: t.String(),
});

export const LanguageSchema = t.Object({
  code: t.String({ description: 'BCP-47 primary language subtag (en, hi, ar, de, ta, fr, ...)' }),
  name: t.String({ description: 'English name of the language' }),
  proficiency: t.Union([t.Literal('native'), t.Literal('fluent'), t.Literal('professional'), t.Literal('conversational')]),
});

export const LocationSchema = t.Object({ market: MarketCodeSchema, city: t.String() });

export { AvailabilitySchema };

/** The stored record: everything the business knows, including what must never leave the service. */
export const StoredProfileSchema = t.Object({
  _id: t.String({ pattern: '^[0-9a-f]{24}$' }),
  slug: Slug,
  role: TalentRoleSchema,
  displayName: t.String({ minLength: 1 }),
  headline: t.String({ minLength: 1 }),
  bio: t.String({ minLength: 1 }),
  skills: t.Array(SkillSchema, { minItems: 1 }),
  experience: t.Array(ExperienceSchema),
  languages: t.Array(LanguageSchema, { minItems: 1 }),
  location: LocationSchema,
  rating: t.Number({ minimum: 0, maximum: 5 }),
  reviewCount: t.Integer({ minimum: 0 }),
  availability: AvailabilitySchema,
  services: t.Array(Slug, { description: 'Catalog service slugs this person can deliver' }),
  industries: t.Optional(
    t.Array(t.String({ minLength: 1, maxLength: 40 }), { maxItems: 10, description: 'Industries worked in, lower case (fintech, retail, ...)' }),
  ),
  indexable: t.Boolean(),
  active: t.Boolean(),
  updatedAt: t.String({ description: 'ISO-8601 timestamp' }),
  contact: t.Object({ email: t.String(), phone: t.String() }),
  internalNotes: t.String(),
});
export type StoredProfile = typeof StoredProfileSchema.static;

/** The public profile (the spec's StaffProfile): no contact data, no notes, no flags. */
export const PublicProfileSchema = t.Object(
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
    rating: t.Number({ minimum: 0, maximum: 5, description: 'Average review score, one decimal' }),
    reviewCount: t.Integer({ minimum: 0 }),
    availability: AvailabilitySchema,
    services: t.Array(t.String(), { description: 'Catalog service slugs this person can deliver (see GET /services/{id})' }),
    industries: t.Array(t.String(), { description: 'Industries the person has worked in, lower case (fintech, retail, healthcare, ...)' }),
    profileUrl: t.String({ description: 'Site path of the profile page: /pm/<slug>, /resource/<slug> or /talent/<slug>' }),
    updatedAt: t.String({ description: 'ISO-8601 timestamp of the last change' }),
  },
  { title: 'StaffProfile', additionalProperties: false },
);
export type PublicProfile = typeof PublicProfileSchema.static;

/** A PM as the catalog shows it on a service page (`availablePms`): the shared contract. */
export { type PmPreview, PmPreviewSchema };

/** One line of the talent index the gateway turns into sitemap and llms entries. */
export const TalentIndexEntrySchema = t.Object(
  {
    slug: t.String(),
    kind: TalentRoleSchema,
    displayName: t.String(),
    headline: t.String(),
    skills: t.Array(t.String()),
    location: MarketCodeSchema,
    updatedAt: t.String(),
  },
  { title: 'TalentIndexEntry', additionalProperties: false },
);
export type TalentIndexEntry = typeof TalentIndexEntrySchema.static;

/** Query of the internal previews endpoint; `limit` is 1-10 (default 3). */
export const PmPreviewQuerySchema = t.Object({
  service: t.String({ minLength: 1, maxLength: 100, description: 'Catalog service slug' }),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 10, default: 3 })),
});

/** The service-specific error codes and their statuses. */
export const TALENT_ERROR_STATUS = { PROFILE_NOT_FOUND: 404 } as const;
