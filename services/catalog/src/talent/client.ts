import { PmPreviewSchema } from '@tm/contracts';
import { type ClientKit, createServiceClient } from '@tm/shared/client';
import { validatorOf } from '@tm/shared/http';
import { t } from 'elysia';
import type { PmPreview, TalentPort } from './model.ts';

/** Any array: previews are checked one by one below, so one bad entry does not cost the others. */
const PreviewListSchema = t.Array(t.Unknown());

/**
 * The talent service's /internal/pm-previews over HTTP, through the shared service client. A
 * service detail must answer even when talent is down, so every failure (refused, an error
 * answer, a bad body, slower than `timeoutMs`) becomes an empty list and a warning in the log
 * (the client logs transport failures, this logs the error answers), never an error for the caller.
 */
export function createTalentClient(options: { baseUrl: string; timeoutMs: number } & ClientKit): TalentPort {
  const { logger } = options;
  const talent = createServiceClient({ service: 'talent', ...options });
  return {
    async pmPreviews(serviceSlug, limit, requestId) {
      const res = await talent.call('/internal/pm-previews', { schema: PreviewListSchema, query: { service: serviceSlug, limit }, requestId });
      if (!res.ok) {
        logger.warn('talent pm-previews failed', { status: res.status, code: res.code, service: serviceSlug });
        return [];
      }
      return res.data.filter(isPmPreview).slice(0, limit);
    },
  };
}

/** A talent port that has nothing to offer, for tests and setups without a talent service. */
export const noTalent: TalentPort = { pmPreviews: async () => [] };

/**
 * Keeps only previews that match the shared contract, so a talent bug cannot break the Service
 * schema. Extra fields are allowed here (a newer talent may add some); the response schema drops them.
 */
const previewValidator = validatorOf(PmPreviewSchema, { additionalProperties: true });
function isPmPreview(v: unknown): v is PmPreview {
  return previewValidator.Check(v);
}
