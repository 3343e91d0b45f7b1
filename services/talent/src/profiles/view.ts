import type { PmPreview, StaffProfile, TalentIndexEntry, TalentRole } from '@tm/contracts';
import type { StoredProfile } from './model.ts';

/** Site path of a profile page, per role: /pm/<slug>, /resource/<slug>, /talent/<slug> for experts. */
export function profilePath(role: TalentRole, slug: string): string {
  const base = role === 'pm' ? '/pm' : role === 'resource' ? '/resource' : '/talent';
  return `${base}/${slug}`;
}

/** Ratings travel with one decimal, whatever precision the store holds. */
export function roundRating(rating: number): number {
  return Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10;
}

/**
 * The only way a stored profile leaves the service. Every field is copied by name (nested
 * objects too), so contact data, internal notes and flags cannot slip through a spread.
 */
export function toPublicProfile(p: StoredProfile): StaffProfile {
  return {
    id: p._id,
    slug: p.slug,
    role: p.role,
    displayName: p.displayName,
    headline: p.headline,
    bio: p.bio,
    skills: p.skills.map((s) => ({ name: s.name, years: s.years })),
    experience: [...p.experience]
      .sort((a, b) => b.from.localeCompare(a.from))
      .map((e) => ({ company: e.company, title: e.title, from: e.from, to: e.to, summary: e.summary })),
    languages: p.languages.map((l) => ({ code: l.code, name: l.name, proficiency: l.proficiency })),
    location: { market: p.location.market, city: p.location.city },
    listedRating: roundRating(p.rating),
    listedReviewCount: p.reviewCount,
    availability: toAvailability(p),
    services: [...p.services],
    industries: [...(p.industries ?? [])],
    profileUrl: profilePath(p.role, p.slug),
    updatedAt: p.updatedAt,
  };
}

/** A PM as a service page previews it. */
export function toPmPreview(p: StoredProfile): PmPreview {
  return {
    id: p._id,
    slug: p.slug,
    displayName: p.displayName,
    headline: p.headline,
    listedRating: roundRating(p.rating),
    listedReviewCount: p.reviewCount,
    availability: toAvailability(p),
    profileUrl: profilePath('pm', p.slug),
  };
}

/** A profile as the sitemap and llms files list it. */
export function toTalentIndexEntry(
  p: Pick<StoredProfile, '_id' | 'slug' | 'role' | 'displayName' | 'headline' | 'skills' | 'location' | 'updatedAt' | 'industries' | 'availability'>,
): TalentIndexEntry {
  return {
    id: p._id,
    slug: p.slug,
    kind: p.role,
    displayName: p.displayName,
    headline: p.headline,
    skills: p.skills.map((s) => s.name),
    location: p.location.market,
    updatedAt: p.updatedAt,
    industries: [...(p.industries ?? [])],
    availability: p.availability.status,
  };
}

function toAvailability(p: StoredProfile): StaffProfile['availability'] {
  const a = p.availability;
  return { status: a.status, hoursPerWeek: a.hoursPerWeek, nextAvailableDate: a.nextAvailableDate };
}
