/**
 * The counters/keys port: the Redis commands the services use, named as ioredis names them,
 * with Redis semantics (TTL in milliseconds, NX, atomic INCR). One adapter is ioredis, the other
 * an in-process map for single-node development. Every method is atomic on its own. Keys one
 * call takes together (`del(a, b)`) must share a hash tag (`x:{id}:a`, `x:{id}:b`), so that on a
 * Redis Cluster they live in one slot. A store that is away throws StoreUnavailableError (503).
 */
export interface KeyValueStore {
  /** 'redis' or 'embedded', reported by /readyz. */
  readonly kind: 'redis' | 'embedded';
  get(key: string): Promise<string | null>;
  /** SET with optional PX (ms) and NX; true when the value was written. */
  set(key: string, value: string, options?: { px?: number; nx?: boolean }): Promise<boolean>;
  /** GETDEL: returns the value and removes it in one step (single-use secrets). */
  getdel(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<number>;
  /**
   * INCR, and when `px` is given and the key had no TTL, PEXPIRE in the same atomic step (a Lua
   * script on Redis), so a fixed window starts at its first hit and a counter can never be left
   * without expiry.
   */
  incr(key: string, options?: { px?: number }): Promise<number>;
  /** PTTL: remaining ms, -1 without expiry, -2 when missing. */
  pttl(key: string): Promise<number>;
  /** HSET of several fields at once, with an optional PEXPIRE on the hash in the same atomic step. */
  hset(key: string, fields: Record<string, string>, options?: { px?: number }): Promise<void>;
  hgetall(key: string): Promise<Record<string, string>>;
  /** HINCRBY: atomically adds `by` to a numeric hash field (attempt counters on a stored code). */
  hincrby(key: string, field: string, by: number): Promise<number>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
