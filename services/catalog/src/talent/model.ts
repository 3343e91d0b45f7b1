import { type PmPreview, PmPreviewSchema } from '@tm/contracts';

/** A PM preview as the talent service's /internal/pm-previews returns it: the shared contract. */
export { type PmPreview, PmPreviewSchema };

/** What the catalog needs from the talent service; the HTTP client and test fakes implement it. */
export interface TalentPort {
  /** Never throws: an unreachable, failing or slow talent service yields []. `requestId` is passed on for tracing. */
  pmPreviews(serviceSlug: string, limit: number, requestId?: string): Promise<PmPreview[]>;
}
