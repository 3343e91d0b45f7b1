import { type Rating, RatingAnswerSchema, type ReviewSubjectKind, ratingPath } from '@tm/contracts';
import type { Clock } from '../core/clock.ts';
import type { ClientKit } from './options.ts';
import { createServiceClient } from './service-client.ts';

/** A service's or PM's `rating {count, average}` from reviews (catalog's service detail, talent's PM profile). */
export interface RatingsReader {
  /** The rating, or undefined before the first published review and whenever reviews cannot answer: never an error. */
  ratingOf(kind: ReviewSubjectKind, id: string, requestId?: string): Promise<Rating | undefined>;
}

export interface RatingsReaderOptions extends ClientKit {
  baseUrl: string;
  timeoutMs: number;
  clock: Clock;
  /** How long an answer is reused (design: a change shows within 60 s). */
  ttlMs?: number;
  /** After a failed call, how long reviews is not asked at all, so its being away does not add a timeout to every page. */
  failureTtlMs?: number;
  /** Entries kept; the oldest go first. */
  maxEntries?: number;
}

/**
 * Reviews' `GET /internal/ratings/{kind}/{id}` through the shared service client, cached per
 * subject for `ttlMs` (30 s by default). When reviews fails, the last answer is kept (stale, as
 * a page without a fresh rating is better than one without any), else there is no rating.
 */
export function createRatingsReader(options: RatingsReaderOptions): RatingsReader {
  const { clock, ttlMs = 30_000, failureTtlMs = 5_000, maxEntries = 10_000 } = options;
  const client = createServiceClient({ service: 'reviews', ...options });
  const cache = new Map<string, { rating: Rating | undefined; until: number }>();
  const remember = (key: string, rating: Rating | undefined, forMs: number) => {
    cache.delete(key);
    cache.set(key, { rating, until: clock.now() + forMs });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  };
  /** While reviews is failing, nobody asks it (one try per `failureTtlMs`, whatever the subject): an outage costs no page a timeout. */
  let downUntil = Number.NEGATIVE_INFINITY;
  let down = false;
  return {
    async ratingOf(kind, id, requestId) {
      const key = `${kind}:${id}`;
      const hit = cache.get(key);
      const now = clock.now();
      if (hit && hit.until > now) return hit.rating;
      if (now < downUntil) return hit?.rating;
      const res = await client.call(ratingPath(kind, id), { schema: RatingAnswerSchema, requestId });
      if (res.ok) {
        down = false;
        const rating = res.data.rating ?? undefined;
        remember(key, rating, ttlMs);
        return rating;
      }
      if (res.status === 404) {
        remember(key, undefined, ttlMs);
        return undefined;
      }
      if (!down) options.logger.warn('reviews unavailable: pages answer without ratings for now', { status: res.status, code: res.code });
      down = true;
      downUntil = clock.now() + failureTtlMs;
      return hit?.rating;
    },
  };
}

/** A reader with nothing to offer, for tests and set-ups without a reviews service. */
export const noRatings: RatingsReader = { ratingOf: async () => undefined };
