import type { TalentProfiles } from './talent-profiles.ts';

/** Talent profiles from a fixed list (tests and the harness): each `{ id, slug, role }` is found by id or slug. */
export function createFixedTalentProfiles(profiles: readonly { id: string; slug?: string; role: 'pm' | 'resource' }[] = []): TalentProfiles {
  return {
    async find(role, idOrSlug) {
      return profiles.find((p) => p.role === role && (p.id === idOrSlug || p.slug === idOrSlug))?.id ?? null;
    },
  };
}
