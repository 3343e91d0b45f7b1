import type { Redis } from 'ioredis';
import type { KeyValueStore } from './key-value.ts';

/**
 * The production adapter over ioredis. `prefix` namespaces every key (one service, one test
 * run); it is applied here rather than with ioredis' keyPrefix so the client can be shared.
 */
export function createRedisKeyValueStore(client: Redis, options: { prefix?: string } = {}): KeyValueStore {
  const p = options.prefix ?? '';
  const k = (key: string) => p + key;
  return {
    kind: 'redis',
    get: (key) => client.get(k(key)),
    async set(key, value, opts = {}) {
      const args: (string | number)[] = [];
      if (opts.px) args.push('PX', opts.px);
      if (opts.nx) args.push('NX');
      const res = await (client.set as (...a: unknown[]) => Promise<string | null>)(k(key), value, ...args);
      return res === 'OK';
    },
    getdel: (key) => client.getdel(k(key)),
    del: (...keys) => (keys.length === 0 ? Promise.resolve(0) : client.del(...keys.map(k))),
    async incr(key, opts = {}) {
      if (!opts.px) return client.incr(k(key));
      const res = await client.multi().incr(k(key)).call('PEXPIRE', k(key), opts.px, 'NX').exec();
      return unwrap<number>(res, 0);
    },
    pttl: (key) => client.pttl(k(key)),
    async hset(key, fields, opts = {}) {
      const m = client.multi().hset(k(key), fields);
      if (opts.px) m.pexpire(k(key), opts.px);
      unwrap(await m.exec(), 0);
    },
    hgetall: (key) => client.hgetall(k(key)),
    hincrby: (key, field, by) => client.hincrby(k(key), field, by),
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function unwrap<T>(results: [Error | null, unknown][] | null, index: number): T {
  if (!results) throw new Error('redis transaction aborted');
  for (const [err] of results) if (err) throw err;
  return results[index]?.[1] as T;
}
