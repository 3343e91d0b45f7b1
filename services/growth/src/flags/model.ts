import type { Flag, FlagHistoryEntry, FlagInput, HashAttribute } from '@tm/contracts';

/** A stored flag: `_id` is its key. */
export interface FlagDoc extends Omit<FlagInput, 'hashAttribute'> {
  _id: string;
  hashAttribute: HashAttribute;
  version: number;
  updatedAt: Date;
  [k: string]: unknown;
}

/** One audit entry: the flag as it stood after the change. */
export interface FlagHistoryDoc {
  _id: string;
  flagKey: string;
  action: FlagHistoryEntry['action'];
  at: Date;
  by: { id: string; role: string };
  flag: FlagDoc | null;
  [k: string]: unknown;
}

/** The admin's view of a stored flag. */
export function toFlag(doc: FlagDoc): Flag {
  const { _id, updatedAt, ...rest } = doc;
  return { key: _id, ...rest, updatedAt: updatedAt.toISOString() } as Flag;
}

export function toHistoryEntry(doc: FlagHistoryDoc): FlagHistoryEntry {
  return { flagKey: doc.flagKey, action: doc.action, at: doc.at.toISOString(), by: doc.by, flag: doc.flag ? toFlag(doc.flag) : null };
}
