import type { KeyValueStore } from '@tm/shared/store';
import type { MemberKey } from '../chat/model.ts';

/**
 * Who holds an open stream of a conversation, for the offline mail: counted on this replica,
 * and a key per member in the key-value store (Redis when set, so every replica sees every
 * stream) refreshed on each heartbeat and gone `ttlMs` after the last one.
 */
export function createPresence(keyValue: KeyValueStore, ttlMs: number) {
  const local = new Map<string, number>();
  const keyOf = (bookingId: string, member: MemberKey) => `chat:online:{${bookingId}}:${member}`;
  return {
    /** A stream opened, beat, or closed (`open` false). */
    mark(bookingId: string, member: MemberKey, open: boolean, opening = false): void {
      const k = `${bookingId}|${member}`;
      if (open) {
        if (opening) local.set(k, (local.get(k) ?? 0) + 1);
        keyValue.set(keyOf(bookingId, member), '1', { px: ttlMs }).catch(() => {});
        return;
      }
      const n = (local.get(k) ?? 1) - 1;
      if (n > 0) local.set(k, n);
      else {
        local.delete(k);
        keyValue.del(keyOf(bookingId, member)).catch(() => {});
      }
    },
    async isOnline(bookingId: string, member: MemberKey): Promise<boolean> {
      if ((local.get(`${bookingId}|${member}`) ?? 0) > 0) return true;
      return (await keyValue.get(keyOf(bookingId, member)).catch(() => null)) !== null;
    },
    /** Streams open on this replica (a gauge for tests and the bench). */
    openHere(): number {
      let n = 0;
      for (const v of local.values()) n += v;
      return n;
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
