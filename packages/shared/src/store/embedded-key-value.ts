import type { Clock } from '../core/clock.ts';
import { systemClock } from '../core/clock.ts';
import type { KeyValueStore } from './key-value.ts';

type Entry = { value: string | Map<string, string>; expiresAt: number | null };

/**
 * In-process key-value store with Redis semantics for one node. JavaScript runs each call to
 * completion before the next, so every method is atomic, as a Redis command is.
 */
export function createEmbeddedKeyValueStore(options: { clock?: Clock } = {}): KeyValueStore {
  const clock = options.clock ?? systemClock;
  const data = new Map<string, Entry>();
  let sweepAt = 0;

  const live = (key: string): Entry | undefined => {
    const e = data.get(key);
    if (e && e.expiresAt !== null && e.expiresAt <= clock.now()) {
      data.delete(key);
      return undefined;
    }
    return e;
  };
  // Expired keys nobody reads again would otherwise stay forever: sweep at most once a minute.
  const sweep = () => {
    const now = clock.now();
    if (now < sweepAt) return;
    sweepAt = now + 60_000;
    for (const [k, e] of data) if (e.expiresAt !== null && e.expiresAt <= now) data.delete(k);
  };
  const str = (key: string): string | null => {
    const e = live(key);
    if (!e) return null;
    if (typeof e.value !== 'string') throw wrongType();
    return e.value;
  };
  const hash = (key: string): Map<string, string> | undefined => {
    const e = live(key);
    if (!e) return undefined;
    if (typeof e.value === 'string') throw wrongType();
    return e.value;
  };

  return {
    kind: 'embedded',
    async get(key) {
      return str(key);
    },
    async set(key, value, opts = {}) {
      sweep();
      if (opts.nx && live(key)) return false;
      data.set(key, { value, expiresAt: opts.px ? clock.now() + opts.px : null });
      return true;
    },
    async getdel(key) {
      const v = str(key);
      data.delete(key);
      return v;
    },
    async del(...keys) {
      let n = 0;
      for (const k of keys) if (live(k) && data.delete(k)) n++;
      return n;
    },
    async incr(key, opts = {}) {
      sweep();
      const e = live(key);
      const current = e ? Number(str(key)) : 0;
      if (!Number.isInteger(current)) throw new Error('ERR value is not an integer or out of range');
      const next = current + 1;
      const expiresAt = e?.expiresAt ?? (opts.px ? clock.now() + opts.px : null);
      data.set(key, { value: String(next), expiresAt });
      return next;
    },
    async pttl(key) {
      const e = live(key);
      if (!e) return -2;
      return e.expiresAt === null ? -1 : e.expiresAt - clock.now();
    },
    async hset(key, fields, opts = {}) {
      sweep();
      const h = hash(key) ?? new Map<string, string>();
      for (const [f, v] of Object.entries(fields)) h.set(f, v);
      const prev = live(key)?.expiresAt ?? null;
      data.set(key, { value: h, expiresAt: opts.px ? clock.now() + opts.px : prev });
    },
    async hgetall(key) {
      return Object.fromEntries(hash(key) ?? []);
    },
    async hincrby(key, field, by) {
      const h = hash(key) ?? new Map<string, string>();
      const next = Number(h.get(field) ?? '0') + by;
      h.set(field, String(next));
      if (!live(key)) data.set(key, { value: h, expiresAt: null });
      return next;
    },
    ping: async () => true,
    close: async () => {},
  };
}

function wrongType(): Error {
  return new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
}
