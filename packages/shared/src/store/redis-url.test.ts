import { describe, expect, it } from 'bun:test';
import { parseRedisUrl } from './redis-url.ts';

describe('REDIS_URL forms', () => {
  it('reads a standalone URL with a database index and credentials', () => {
    expect(parseRedisUrl('redis://user:pw@cache.internal:6380/1')).toEqual({ mode: 'standalone', url: 'redis://user:pw@cache.internal:6380/1' });
    expect(parseRedisUrl('rediss://cache.example')).toMatchObject({ mode: 'standalone' });
  });

  it('reads a Sentinel URL: several sentinels, the master name and a database', () => {
    expect(parseRedisUrl('redis+sentinel://:secret@s1:26379,s2:26380,[::1]:26381/mymaster/2?sentinelPassword=s3nt')).toEqual({
      mode: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
      db: 2,
      auth: { password: 'secret' },
      sentinelPassword: 's3nt',
      tls: false,
    });
  });

  it('reads a Cluster URL with seed nodes and TLS', () => {
    expect(parseRedisUrl('rediss+cluster://default:pw@n1:7000,n2:7001')).toEqual({
      mode: 'cluster',
      nodes: [
        { host: 'n1', port: 7000 },
        { host: 'n2', port: 7001 },
      ],
      auth: { username: 'default', password: 'pw' },
      tls: true,
    });
  });

  it('refuses a database index in cluster mode, a Sentinel URL without a master, and several hosts without a topology', () => {
    expect(() => parseRedisUrl('redis+cluster://n1:7000/1')).toThrow('no database index');
    expect(() => parseRedisUrl('redis+sentinel://s1:26379')).toThrow('master name');
    expect(() => parseRedisUrl('redis://a:6379,b:6379')).toThrow('redis+sentinel:// or redis+cluster://');
    expect(() => parseRedisUrl('http://a:6379')).toThrow('must be redis://');
    expect(() => parseRedisUrl('redis://a:6379/x')).toThrow('database index');
  });

  it('never repeats a password in its messages', () => {
    expect(() => parseRedisUrl('redis+cluster://u:hunter2@n1:7000/3')).toThrow(/^(?!.*hunter2)/);
  });
});
