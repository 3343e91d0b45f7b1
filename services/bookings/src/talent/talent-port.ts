import { StaffProfileSchema } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import { t } from 'elysia';

/** A PM as a booking stores them: public fields only. */
export interface PmRef {
  id: string;
  slug: string;
  name: string;
}

/** Finds an active PM profile (talent's public GET /pm/{id}/profile). */
export interface TalentPort {
  findActivePm(idOrSlug: string, requestId?: string): Promise<PmRef | undefined>;
}

/** The fields of talent's StaffProfile a booking keeps. */
const PmFieldsSchema = t.Pick(StaffProfileSchema, ['id', 'slug', 'displayName']);

/** Talent over the shared service client: 404 means no active PM by that id; anything else unusable is talent's failure. */
export function createHttpTalent(options: { baseUrl: string; timeoutMs: number } & ClientKit): TalentPort {
  const client = createServiceClient({ service: 'talent', ...options });
  return {
    async findActivePm(idOrSlug, requestId) {
      const res = await client.call(`/pm/${encodeURIComponent(idOrSlug)}/profile`, { schema: PmFieldsSchema, requestId });
      if (res.ok) return { id: res.data.id, slug: res.data.slug, name: res.data.displayName };
      if (res.status === 404) return undefined;
      throw new DomainError('UPSTREAM_UNAVAILABLE', 'Profiles cannot be checked right now; try again shortly');
    },
  };
}
