import type { TrackEvent } from '@tm/contracts';
import type { DocumentStore } from '@tm/shared/store';

/** Stored events expire 13 months after they were received (a TTL index; Mongo's monitor deletes them). */
export const EVENT_RETENTION_S = 396 * 24 * 3600;

/** A stored event: `at` is the corrected time it happened, `receivedAt` the server's arrival time. */
export interface EventDoc {
  _id: string;
  messageId: string;
  type: TrackEvent['type'];
  anonymousId: string;
  userId?: string;
  event?: string;
  properties?: Record<string, unknown>;
  at: Date;
  receivedAt: Date;
  [k: string]: unknown;
}

/** Tracked events in `events`. */
export function createEventStore(db: DocumentStore) {
  const events = db.collection<EventDoc>('events');
  const mine = (userId: string, devices: readonly string[]) => ({ $or: [{ userId }, { anonymousId: { $in: [...devices] } }] });
  return {
    async ensureIndexes(): Promise<void> {
      await events.createIndex({ receivedAt: 1 }, { expireAfterSeconds: EVENT_RETENTION_S });
      await events.createIndex({ userId: 1 }, { sparse: true });
      await events.createIndex({ anonymousId: 1 });
    },
    insertMany: (docs: readonly EventDoc[]) => events.insertMany(docs),
    /** A person's events (by their user id, or a device they identified as), newest first, at most `limit`. */
    exportFor: (userId: string, devices: readonly string[], limit = 10_000) => events.find(mine(userId, devices), { sort: { at: -1 }, limit }).toArray(),
    eraseFor: (userId: string, devices: readonly string[]) => events.deleteMany(mine(userId, devices)),
    count: (filter: Record<string, unknown> = {}) => events.countDocuments(filter),
  };
}

export type EventStore = ReturnType<typeof createEventStore>;
