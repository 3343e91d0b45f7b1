import { StaffProfileSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import { t } from 'elysia';

/** Talent's public profiles, as auth checks them when linking a pm or resource account. */
export interface TalentProfiles {
  /** The profile's database id when an active profile of that role has this id or slug; null when none has. */
  find(role: 'pm' | 'resource', idOrSlug: string): Promise<string | null>;
}

/** The one field of talent's StaffProfile auth keeps. */
const ProfileIdSchema = t.Pick(StaffProfileSchema, ['id']);

/**
 * Talent over the shared service client (`GET {TALENT_URL}/{pm|resource}/{id}/profile`): 200 is
 * a profile, 404 none; anything else, or no answer within `timeoutMs`, is 503
 * UPSTREAM_UNAVAILABLE (we cannot tell).
 */
export function createHttpTalentProfiles(options: { url: string; timeoutMs: number } & ClientKit): TalentProfiles {
  const { url, ...rest } = options;
  const client = createServiceClient({ service: 'talent', baseUrl: url, ...rest });
  return {
    async find(role, idOrSlug) {
      const res = await client.call(`/${role}/${encodeURIComponent(idOrSlug)}/profile`, { schema: ProfileIdSchema });
      if (res.ok) return res.data.id;
      if (res.status === 404) return null;
      throw new DomainError('UPSTREAM_UNAVAILABLE', 'Talent profiles cannot be checked right now; try again shortly');
    },
  };
}
