import type { SearchMiss } from '@tm/contracts';
import type { Clock, Logger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';

/** The longest normalised query kept as a miss (the words of a 100-character query fit). */
const MAX_KEY_LENGTH = 200;
/** Distinct misses kept: past this, known ones are still counted and new ones are not (random queries cannot grow the log without bound). */
export const MAX_DISTINCT_MISSES = 10_000;

/** Queries that found nothing, counted per normalised query, for admins (design: misses). */
export interface MissLog {
  /** Counts one miss of `normalised` (a failure is logged, never the searcher's problem). */
  record(normalised: string): Promise<void>;
  /** The most frequent misses first, then the most recent. */
  list(page: number, limit: number): Promise<{ items: SearchMiss[]; total: number }>;
}

type MissDoc = {
  _id: string;
  count: number;
  lastAt: string;
};

/** The miss log over the search service's own document store: one document per normalised query, counted by $inc. */
export function createMissLog(deps: { documents: DocumentStore; clock: Clock; logger: Logger; maxDistinct?: number }): MissLog {
  const maxDistinct = deps.maxDistinct ?? MAX_DISTINCT_MISSES;
  const misses = deps.documents.collection<MissDoc>('misses');
  return {
    async record(normalised) {
      if (normalised === '') return;
      const key = normalised.slice(0, MAX_KEY_LENGTH);
      const update = { $inc: { count: 1 }, $set: { lastAt: new Date(deps.clock.now()).toISOString() } };
      try {
        if ((await misses.updateOne({ _id: key }, update)).matchedCount > 0) return;
        if ((await misses.countDocuments({})) >= maxDistinct) return;
        await misses.updateOne({ _id: key }, update, { upsert: true });
      } catch (err) {
        deps.logger.warn('a search miss could not be counted', { error: String(err) });
      }
    },
    async list(page, limit) {
      const [docs, total] = await Promise.all([
        misses.find({}, { sort: { count: -1, lastAt: -1 }, skip: (page - 1) * limit, limit }).toArray(),
        misses.countDocuments({}),
      ]);
      return { items: docs.map((d) => ({ query: d._id, count: d.count, lastAt: d.lastAt })), total };
    },
  };
}
