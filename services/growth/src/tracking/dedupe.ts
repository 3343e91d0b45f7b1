import type { KeyValueStore } from '@tm/shared/store';

/** How long a messageId is remembered: the same id again within this is a duplicate. */
export const DEDUPE_MS = 7 * 24 * 3600 * 1000;

/**
 * messageId deduplication on the key-value store (Redis when REDIS_URL is set, so every replica
 * shares it): a claim is one SET NX with a 7-day expiry, so of any number of concurrent claims of
 * one id exactly one wins. A claim whose event could not be stored is released, so the client's
 * retry is not refused as a duplicate of an event that was never kept.
 */
export function createDedupe(kv: KeyValueStore) {
  const key = (messageId: string) => `track:msg:${messageId}`;
  return {
    /** True when this id was not seen in the last 7 days (and is now taken). */
    claim: (messageId: string) => kv.set(key(messageId), '1', { nx: true, px: DEDUPE_MS }),
    async release(messageIds: readonly string[]): Promise<void> {
      // One key per call: ids share no hash tag, so on a Redis Cluster they live in different slots.
      await Promise.all(messageIds.map((id) => kv.del(key(id))));
    },
  };
}

export type Dedupe = ReturnType<typeof createDedupe>;
