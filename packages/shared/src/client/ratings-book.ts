import { RATINGS_INDEX_PATH, type RatingsIndexLine, RatingsIndexLineSchema, type ReviewSubjectKind } from '@tm/contracts';
import { validatorOf } from '../http/validator.ts';
import type { ServiceClient } from './service-client.ts';

const checkLine = validatorOf(RatingsIndexLineSchema);

export type BookRating = Pick<RatingsIndexLine, 'count' | 'average' | 'bayesian'>;

/**
 * Every service's and PM's rating from reviews' ratings index, held by a service that ranks or
 * lists many of them (talent's ranking, search): `refresh` asks with the ETag held (a 304 costs
 * nothing), and `version` changes exactly when the ratings did. Reviews away, or an index cut
 * off: no ratings at all (never an error), as the profile and the service detail show none then.
 */
export interface RatingsBook {
  /** The rating of a service (by database id) or a PM (by profile id), or undefined. */
  of(kind: ReviewSubjectKind, id: string): BookRating | undefined;
  /** The index's ETag, or '' while there are no ratings (none yet, or reviews away). */
  readonly version: string;
  /** Asks reviews for a newer index; true when the ratings changed. Never throws. */
  refresh(requestId?: string): Promise<boolean>;
}

export function createRatingsBook(options: { client: ServiceClient; timeoutMs: number }): RatingsBook {
  let ratings = new Map<string, BookRating>();
  let version = '';
  const forget = () => {
    const changed = version !== '';
    ratings = new Map();
    version = '';
    return changed;
  };
  return {
    of: (kind, id) => ratings.get(`${kind}:${id}`),
    get version() {
      return version;
    },
    async refresh(requestId = 'ratings-book') {
      const answer = await options.client.raw(RATINGS_INDEX_PATH, {
        requestId,
        timeoutMs: options.timeoutMs,
        headers: { accept: 'application/x-ndjson', 'if-none-match': version || undefined },
      });
      if (!answer.ok) return forget();
      const res = answer.response;
      if (res.status === 304 && version) return false;
      const text = await res.text().catch(() => '');
      const etag = res.headers.get('etag');
      const read = res.status === 200 && etag ? parse(text) : undefined;
      if (!read) return forget();
      ratings = read;
      version = etag as string;
      return true;
    },
  };
}

/** The index's lines, or undefined when it is cut off (no trailer, or another count): a partial index is never used. */
function parse(text: string): Map<string, BookRating> | undefined {
  const ratings = new Map<string, BookRating>();
  let sent = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    const v = value as { end?: unknown; count?: unknown };
    if (v.end === true) return v.count === sent ? ratings : undefined;
    sent++;
    if (!checkLine.Check(value)) continue;
    const r = value as RatingsIndexLine;
    ratings.set(`${r.kind}:${r.id}`, { count: r.count, average: r.average, bayesian: r.bayesian });
  }
  return undefined;
}
