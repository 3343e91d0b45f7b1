/**
 * REDIS_URL in its three forms, one per topology (docs/data-layer.md):
 *
 *   redis://[user:password@]host[:port][/db]                          standalone (rediss:// for TLS)
 *   redis+sentinel://[user:password@]s1:26379,s2:26379/<master>[/db]  Sentinel (the password is the
 *                                                                     data nodes'; ?sentinelPassword= for the sentinels')
 *   redis+cluster://[user:password@]n1:6379,n2:6379                   Cluster (seed nodes; no database index)
 *
 * `rediss+sentinel://` and `rediss+cluster://` use TLS. Parsed once at start by every service's config.
 */
export type RedisTarget =
  | { mode: 'standalone'; url: string }
  | { mode: 'sentinel'; sentinels: HostPort[]; name: string; db: number; auth: RedisAuth; sentinelPassword?: string; tls: boolean }
  | { mode: 'cluster'; nodes: HostPort[]; auth: RedisAuth; tls: boolean };

export interface HostPort {
  host: string;
  port: number;
}

export interface RedisAuth {
  username?: string;
  password?: string;
}

const FORM = /^(redis|rediss)(\+sentinel|\+cluster)?:\/\/(?:([^@/?#]*)@)?([^/?#]+)(\/[^?#]*)?(?:\?([^#]*))?$/;

/** Parses REDIS_URL; throws an Error saying what is wrong (never repeating a password). */
export function parseRedisUrl(value: string): RedisTarget {
  const m = FORM.exec(value.trim());
  if (!m) throw new Error('must be redis://, rediss://, redis+sentinel:// or redis+cluster:// followed by host:port (see docs/data-layer.md)');
  const [, scheme = 'redis', topology, userinfo, hostList = '', path = '', query = ''] = m;
  const tls = scheme === 'rediss';
  if (!topology) {
    if (hostList.includes(',')) throw new Error('lists several hosts: use redis+sentinel:// or redis+cluster:// for those topologies');
    const url = new URL(value.trim());
    if (url.pathname.length > 1 && !/^\/\d+$/.test(url.pathname)) throw new Error(`has "${url.pathname}" where a database index (/0-/15) belongs`);
    return { mode: 'standalone', url: value.trim() };
  }
  const hosts = hostList.split(',').map(parseHostPort);
  const auth = parseUserinfo(userinfo);
  const params = new URLSearchParams(query);
  const segments = path.split('/').filter(Boolean);
  if (topology === '+cluster') {
    if (segments.length > 0 && !(segments.length === 1 && segments[0] === '0')) {
      throw new Error('Redis Cluster has no database index: drop the path (every node uses database 0)');
    }
    return { mode: 'cluster', nodes: hosts, auth, tls };
  }
  const [name, db = '0'] = segments;
  if (!name) throw new Error('redis+sentinel:// needs the master name as its path, e.g. redis+sentinel://s1:26379,s2:26379/mymaster');
  if (!/^\d+$/.test(db) || segments.length > 2) throw new Error(`has "${path}" where /<master>[/<db>] belongs`);
  const sentinelPassword = params.get('sentinelPassword') ?? undefined;
  return { mode: 'sentinel', sentinels: hosts, name: decodeURIComponent(name), db: Number(db), auth, tls, ...(sentinelPassword ? { sentinelPassword } : {}) };
}

function parseHostPort(entry: string): HostPort {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  const port = Number(m?.[2] ?? 6379);
  if (!m?.[1] || port < 1 || port > 65535) throw new Error(`has "${entry}" where host:port belongs`);
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

function parseUserinfo(userinfo: string | undefined): RedisAuth {
  if (!userinfo) return {};
  const at = userinfo.indexOf(':');
  const username = decodeURIComponent(at < 0 ? userinfo : userinfo.slice(0, at));
  const password = at < 0 ? undefined : decodeURIComponent(userinfo.slice(at + 1));
  return { ...(username ? { username } : {}), ...(password ? { password } : {}) };
}

/** Config reader: REDIS_URL in any of the forms above, kept as text (main.ts parses it again to connect). */
export function checkRedisUrl(value: string): string {
  parseRedisUrl(value);
  return value.trim();
}
