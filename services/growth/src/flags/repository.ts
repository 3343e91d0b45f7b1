import type { FlagInput } from '@tm/contracts';
import { newId } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import type { FlagDoc, FlagHistoryDoc } from './model.ts';

/** The optional fields of a flag: a replace without one removes it. */
const OPTIONAL = ['description', 'variants', 'rules', 'seed', 'goalEvent'] as const;

/** Flags in `flags` (`_id` = key) and every change to them in `flag_history`. */
export function createFlagRepository(db: DocumentStore) {
  const flags = db.collection<FlagDoc>('flags');
  const history = db.collection<FlagHistoryDoc>('flag_history');
  const record = (flagKey: string, action: FlagHistoryDoc['action'], by: FlagHistoryDoc['by'], at: Date, flag: FlagDoc | null) =>
    history.insertOne({ _id: newId(), flagKey, action, at, by, flag });

  return {
    async ensureIndexes(): Promise<void> {
      await history.createIndex({ flagKey: 1, at: -1 });
    },
    all: () => flags.find({}, { sort: { _id: 1 } }).toArray(),
    find: (key: string) => flags.findOne({ _id: key }),
    /**
     * Creates or replaces the flag in one update (fields the input leaves out are removed, the
     * version goes up by one), then records it. `created` is true when no flag had the key.
     */
    async put(key: string, input: FlagInput, by: FlagHistoryDoc['by'], now: Date): Promise<{ flag: FlagDoc; created: boolean }> {
      const { hashAttribute, ...rest } = input;
      const set = { ...rest, hashAttribute: hashAttribute ?? 'deviceId', updatedAt: now };
      const unset = Object.fromEntries(OPTIONAL.filter((f) => input[f] === undefined).map((f) => [f, '']));
      const flag = (await flags.findOneAndUpdate(
        { _id: key },
        { $set: set, $inc: { version: 1 }, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
        { upsert: true, returnDocument: 'after' },
      )) as FlagDoc;
      const created = flag.version === 1;
      await record(key, created ? 'created' : 'replaced', by, now, flag);
      return { flag, created };
    },
    /** Deletes the flag; false when there was none. */
    async delete(key: string, by: FlagHistoryDoc['by'], now: Date): Promise<boolean> {
      const { deletedCount } = await flags.deleteOne({ _id: key });
      if (deletedCount > 0) await record(key, 'deleted', by, now, null);
      return deletedCount > 0;
    },
    /** Every change to the flag, newest first (kept after a deletion). */
    historyOf: (key: string, limit = 500) => history.find({ flagKey: key }, { sort: { at: -1, _id: -1 }, limit }).toArray(),
  };
}

export type FlagRepository = ReturnType<typeof createFlagRepository>;
