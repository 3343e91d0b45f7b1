import { RATINGS_INDEX_PATH, type RatingsIndexLine, RatingsIndexLineSchema, type ReviewSubjectKind } from '@tm/contracts';
import type { ServiceClient } from '@tm/shared/client';
import { validatorOf } from '@tm/shared/http';
import { type DownloadedIndex, downloadIndex, readLines } from './index-download.ts';

const checkLine = validatorOf(RatingsIndexLineSchema);

/** The published reviews of the pages a build lists: a service's and a PM's "4.8/5 from 12 reviews". */
export interface SiteRatings {
  of(kind: ReviewSubjectKind, id: string | undefined): string | undefined;
}

export const NO_RATINGS: SiteRatings = { of: () => undefined };

/** What the last build had of reviews' ratings index: the download, or `away` (reviews did not answer: no ratings). */
export type RatingsDownload = DownloadedIndex | 'away';

/**
 * Reviews' ratings index (RATINGS_INDEX_PATH, with the ETag held: a 304 costs nothing) to `path`.
 * Never fails a build: reviews away or an index cut off is `away`, and the files go out without
 * ratings. Answers `unchanged` when nothing moved since `previous` (also: away then, away now).
 */
export async function downloadRatings(options: {
  client: ServiceClient;
  path: string;
  timeoutMs: number;
  requestId: string;
  previous: RatingsDownload | undefined;
}): Promise<RatingsDownload | 'unchanged'> {
  const { previous } = options;
  try {
    return await downloadIndex({
      client: options.client,
      indexPath: RATINGS_INDEX_PATH,
      path: options.path,
      check: (line) => checkLine.Check(line),
      timeoutMs: options.timeoutMs,
      requestId: options.requestId,
      previousEtag: previous === 'away' ? null : previous?.etag,
    });
  } catch {
    return previous === 'away' ? 'unchanged' : 'away';
  }
}

/**
 * The downloaded ratings, held for one build as one short text per rated service or PM (a rated
 * page is a small part of the listed ones; the pages themselves still stream line by line).
 */
export async function loadRatings(download: RatingsDownload | undefined): Promise<SiteRatings> {
  if (download === undefined || download === 'away') return NO_RATINGS;
  const texts = new Map<string, string>();
  for await (const line of readLines(Bun.file(download.path).stream())) {
    if (line === '') continue;
    const r = JSON.parse(line) as RatingsIndexLine;
    texts.set(`${r.kind}:${r.id}`, `${r.average}/5 from ${r.count} ${r.count === 1 ? 'review' : 'reviews'}`);
  }
  return { of: (kind, id) => (id === undefined ? undefined : texts.get(`${kind}:${id}`)) };
}
