import { DomainError, REQUEST_ID_HEADER } from '@tm/shared';

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

/** Talent over HTTP: 404 means no active PM by that id; anything else unusable is talent's failure. */
export function createHttpTalent(options: { baseUrl: string; timeoutMs: number; fetch?: typeof fetch }): TalentPort {
  const doFetch = options.fetch ?? fetch;
  return {
    async findActivePm(idOrSlug, requestId) {
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl}/pm/${encodeURIComponent(idOrSlug)}/profile`, {
          headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        throw new DomainError('UPSTREAM_UNAVAILABLE', 'Profiles cannot be checked right now; try again shortly');
      }
      if (res.status === 404) return undefined;
      const body = (await res.json().catch(() => undefined)) as { data?: { _id?: unknown; id?: unknown; slug?: unknown; displayName?: unknown } } | undefined;
      const d = body?.data;
      const id = typeof d?._id === 'string' ? d._id : typeof d?.id === 'string' ? d.id : undefined;
      if (res.status !== 200 || id === undefined || typeof d?.slug !== 'string' || typeof d?.displayName !== 'string')
        throw new DomainError('UPSTREAM_UNAVAILABLE', 'Profiles cannot be checked right now; try again shortly');
      return { id, slug: d.slug, name: d.displayName };
    },
  };
}
