import { DomainError } from '@tm/shared';

/** Talent's public profiles, as auth checks them when linking a pm or resource account. */
export interface TalentProfiles {
  /** The profile's database id when an active profile of that role has this id or slug; null when none has. */
  find(role: 'pm' | 'resource', idOrSlug: string): Promise<string | null>;
}

/**
 * Talent over HTTP (`GET {TALENT_URL}/{pm|resource}/{id}/profile`): 200 is a profile, 404 none;
 * anything else, or no answer within `timeoutMs`, is 503 UPSTREAM_UNAVAILABLE (we cannot tell).
 */
export function createHttpTalentProfiles(options: { url: string; fetch?: typeof fetch; timeoutMs: number }): TalentProfiles {
  const doFetch = options.fetch ?? fetch;
  return {
    async find(role, idOrSlug) {
      let res: Response;
      try {
        res = await doFetch(`${options.url}/${role}/${encodeURIComponent(idOrSlug)}/profile`, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch {
        throw unavailable();
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      const body = (await res.json().catch(() => null)) as { data?: { id?: unknown } } | null;
      if (!res.ok || typeof body?.data?.id !== 'string') throw unavailable();
      return body.data.id;
    },
  };
}

function unavailable(): DomainError {
  return new DomainError('UPSTREAM_UNAVAILABLE', 'Talent profiles cannot be checked right now; try again shortly');
}
