import { DomainError } from '@tm/shared';
import type { KeyValueStore } from '@tm/shared/store';
import { countHit, secondsLeft, sha256Hex } from '../kv-limits.ts';

/** DESIGN.md: at most 30 guest sessions per client IP per hour. */
export const GUEST_POLICY = { perIpPerWindow: 30, windowMs: 60 * 60_000 } as const;

/** Counts one guest session for `clientIp`; GUEST_LIMIT (429) past the cap. */
export async function admitGuest(kv: KeyValueStore, clientIp: string): Promise<void> {
  const key = `guest:ip:${sha256Hex(clientIp)}`;
  if ((await countHit(kv, key, GUEST_POLICY.windowMs)) > GUEST_POLICY.perIpPerWindow) {
    const wait = await secondsLeft(kv, key, GUEST_POLICY.windowMs);
    throw new DomainError('GUEST_LIMIT', 'Too many guest sessions from this address; try again later', wait);
  }
}
