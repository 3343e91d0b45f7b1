import { PmPreviewSchema } from '@tm/contracts';
import type { Logger } from '@tm/shared';
import { getSchemaValidator } from 'elysia';
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

/**
 * Keeps only previews that match the shared contract, so a talent bug cannot break the Service
 * schema. Extra fields are allowed here (a newer talent may add some); the response schema drops them.
 */
const previewValidator = getSchemaValidator(PmPreviewSchema, { additionalProperties: true });
function isPmPreview(v: unknown): v is PmPreview {
  return previewValidator.Check(v);
}
