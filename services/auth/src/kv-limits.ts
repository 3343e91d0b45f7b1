import type { KeyValueStore } from '@tm/shared/store';

/** Whole seconds until `key` expires (at least 1), for Retry-After; `fallbackMs` when it has no TTL. */
export async function secondsLeft(kv: KeyValueStore, key: string, fallbackMs: number): Promise<number> {
  const ms = await kv.pttl(key);
  return Math.max(1, Math.ceil((ms > 0 ? ms : fallbackMs) / 1000));
}

/** Counts one hit in a fixed window that starts at the first hit (INCR + PEXPIRE NX, atomic). */
export function countHit(kv: KeyValueStore, key: string, windowMs: number): Promise<number> {
  return kv.incr(key, { px: windowMs });
}

/** SHA-256 hex, so keys and stored tokens never hold the secret or personal data itself. */
export function sha256Hex(value: string): string {
  return new Bun.CryptoHasher('sha256').update(value).digest('hex');
}
