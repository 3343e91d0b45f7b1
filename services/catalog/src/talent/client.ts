import type { Logger } from '@tm/shared';
import type { PmPreview, TalentPort } from './model.ts';

/**
 * The talent service's /internal/pm-previews over HTTP. A service detail must answer even when
 * talent is down, so every failure (refused, non-2xx, bad body, slower than `timeoutMs`)
 * becomes an empty list and a warning in the log, never an error for the caller.
 */
export function createTalentClient(options: { baseUrl: string; timeoutMs: number; fetch?: typeof fetch; logger: Logger }): TalentPort {
  const { timeoutMs, logger } = options;
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async pmPreviews(serviceSlug, limit, requestId) {
      const url = `${base}/internal/pm-previews?service=${encodeURIComponent(serviceSlug)}&limit=${limit}`;
      try {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (requestId) headers['x-request-id'] = requestId;
        const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers });
        if (!res.ok) {
          await res.body?.cancel();
          logger.warn('talent pm-previews failed', { status: res.status, service: serviceSlug });
          return [];
        }
        const body = (await res.json()) as { success?: unknown; data?: unknown };
        if (body?.success !== true || !Array.isArray(body.data)) {
          logger.warn('talent pm-previews answered an unexpected body', { service: serviceSlug });
          return [];
        }
        return body.data.filter(isPmPreview).slice(0, limit);
      } catch (err) {
        const reason = (err as Error)?.name === 'TimeoutError' ? 'timeout' : String((err as Error)?.message ?? err);
        logger.warn('talent pm-previews unavailable', { reason, service: serviceSlug });
        return [];
      }
    },
  };
}

/** A talent port that has nothing to offer, for tests and setups without a talent service. */
export const noTalent: TalentPort = { pmPreviews: async () => [] };

/** Keeps only well-formed previews, so a talent bug cannot break the Service schema. */
function isPmPreview(v: unknown): v is PmPreview {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  const a = p.availability as Record<string, unknown> | undefined;
  return (
    typeof p.id === 'string' &&
    typeof p.slug === 'string' &&
    typeof p.displayName === 'string' &&
    typeof p.headline === 'string' &&
    typeof p.rating === 'number' &&
    p.rating >= 0 &&
    p.rating <= 5 &&
    Number.isInteger(p.reviewCount) &&
    (p.reviewCount as number) >= 0 &&
    typeof p.profileUrl === 'string' &&
    typeof a === 'object' &&
    a !== null &&
    ['available', 'limited', 'unavailable'].includes(a.status as string) &&
    Number.isInteger(a.hoursPerWeek) &&
    typeof a.nextAvailableDate === 'string'
  );
}
