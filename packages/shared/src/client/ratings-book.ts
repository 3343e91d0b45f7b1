import { RATINGS_INDEX_PATH, type RatingsIndexLine, RatingsIndexLineSchema, type ReviewSubjectKind } from '@tm/contracts';
import { type Clock, systemClock } from '../core/clock.ts';
import { validatorOf } from '../http/validator.ts';
import type { ServiceClient } from './service-client.ts';

const checkLine = validatorOf(RatingsIndexLineSchema);

export type BookRating = Pick<RatingsIndexLine, 'count' | 'average' | 'bayesian'>;

/**
 * Every service's and PM's rating from reviews' ratings index, held by a service that ranks or
 * lists many of them (talent's ranking, search): `refresh` asks with the ETag held (a 304 costs
 * nothing), and `version` changes exactly when the ratings did. Reviews away, or an index cut
 * off: the last good ratings are kept for `keepWhileAwayMs` (a blip neither drops every rating nor
 * rebuilds what is ordered by them, twice), then none at all; never an error.
 */
export interface RatingsBook {
  /** The rating of a service (by database id) or a PM (by profile id), or undefined. */
  of(kind: ReviewSubjectKind, id: string): BookRating | undefined;
  /** The index's ETag, or '' while there are no ratings (none yet, or reviews away). */
  readonly version: string;
  /** Asks reviews for a newer index; true when the ratings changed. Never throws. */
  refresh(requestId?: string): Promise<boolean>;
}

/** How long the last good ratings are kept while reviews cannot give newer ones (REBUILD_EVERY_MS's ten minutes). */
export const KEEP_RATINGS_WHILE_AWAY_MS = 10 * 60_000;

export function createRatingsBook(options: { client: ServiceClient; timeoutMs: number; clock?: Clock; keepWhileAwayMs?: number }): RatingsBook {
  const clock = options.clock ?? systemClock;
  const keepMs = options.keepWhileAwayMs ?? KEEP_RATINGS_WHILE_AWAY_MS;
  let ratings = new Map<string, BookRating>();
  let version = '';
  /** When reviews last confirmed the ratings held (a 200 or a 304). */
  let confirmedAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<boolean> | undefined;
  /** No answer to use: the ratings held are kept within the window, then dropped; true when that changed them. */
  const away = () => {
    if (version === '' || clock.now() - confirmedAt < keepMs) return false;
    ratings = new Map();
    version = '';
    return true;
  };
  return {
    of: (kind, id) => ratings.get(`${kind}:${id}`),
    get version() {
      return version;
    },
    refresh(requestId = 'ratings-book') {
      // One question at a time: a reader that stopped waiting (talent's marker read) and asks again joins it.
      asking ??= ask(requestId).finally(() => {
        asking = undefined;
      });
      return asking;
    },
  };

  async function ask(requestId: string): Promise<boolean> {
    const answer = await options.client.raw(RATINGS_INDEX_PATH, {
      requestId,
      timeoutMs: options.timeoutMs,
      headers: { accept: 'application/x-ndjson', 'if-none-match': version || undefined },
    });
    if (!answer.ok) return away();
    const res = answer.response;
    if (res.status === 304 && version) {
      confirmedAt = clock.now();
      return false;
    }
    const text = await res.text().catch(() => '');
    const etag = res.headers.get('etag');
    const read = res.status === 200 && etag ? parse(text) : undefined;
    if (!read) return away();
    confirmedAt = clock.now();
    const changed = version !== etag;
    ratings = read;
    version = etag as string;
    return changed;
  }
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
