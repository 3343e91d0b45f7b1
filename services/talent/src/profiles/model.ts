import {
  AvailabilitySchema,
  ExperienceSchema,
  LanguageSchema,
  LocationSchema,
  SkillSchema,
  type TalentIndexEntry,
  TalentIndexEntrySchema,
  type TalentRole,
  TalentRoleSchema,
} from '@tm/contracts';
import { t } from 'elysia';

/**
 * Two shapes of one profile: what the store holds (StoredProfile, with contact data and internal
 * notes, defined here) and what any caller may see (the contract's StaffProfile). Routes only
 * ever return the public shape, built field by field in view.ts, so a new stored field stays
 * private until someone maps it.
 */

/** The roles and the index entry are the contract's (packages/contracts/src/talent.ts), like StaffProfile. */
export { type TalentIndexEntry, TalentIndexEntrySchema, type TalentRole, TalentRoleSchema };

const Slug = t.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 1, maxLength: 100 });

/** Booking readiness; previews list `available` before `limited` before `unavailable`. */
export const AvailabilityStatusSchema = AvailabilitySchema.properties.status;
export type AvailabilityStatus = typeof AvailabilityStatusSchema.static;

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
