import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RedisClient } from '@tm/shared/store/redis';
import { testRedisUrl } from '@tm/shared/testing';
import { req, testGateway } from '../testing/gateway.ts';
import { type Peer, startPeer } from '../testing/peers.ts';
import { startTestIssuer, type TestIssuer } from '../testing/tokens.ts';
import { createGatewayLimiter, createLimiterRedis } from './limiter.ts';
import { connectNative } from './limiter-native.ts';

// Runs against the test redis-server (TEST_REDIS_URL, default 127.0.0.1:6379) with a key prefix of its own.
const prefix = `test:gateway:${crypto.randomUUID()}:`;
let redis: RedisClient;
let peer: Peer;
let issuer: TestIssuer;
beforeAll(async () => {
  redis = createLimiterRedis(testRedisUrl());
  await new Promise<void>((resolve, reject) => {
    redis.once('ready', resolve);
    redis.once('error', reject);
  });
  peer = startPeer();
  issuer = await startTestIssuer();
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await peer.stop();
  await issuer.stop();
});

const limiter = (quotas = { anonymous: 4, authenticated: 6, 'auth-routes': 2 }) => createGatewayLimiter({ redis, keyPrefix: prefix, windowS: 60, quotas });

describe('the Redis-backed limiter', () => {
  it('counts atomically across concurrent requests', async () => {
    const l = limiter({ anonymous: 50, authenticated: 50, 'auth-routes': 50 });
    const results = await Promise.all(Array.from({ length: 60 }, () => l.consume('anonymous', 'ip:concurrent')));
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(results.filter((r) => !r.allowed)).toHaveLength(10);
    expect(new Set(results.filter((r) => r.allowed).map((r) => r.remaining)).size).toBe(50);
  });

  it("counts over Bun's native client on a standalone Redis, in rate-limiter-flexible's keys, ioredis untouched", async () => {
    const l = limiter({ anonymous: 50, authenticated: 50, 'auth-routes': 50 });
    expect(await connectNative(redis)).toBe(true);
    const sent: string[] = [];
    const original = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      sent.push(command.name);
      return (original as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof redis.sendCommand;
    let results: Awaited<ReturnType<typeof l.consume>>[];
    try {
      results = await Promise.all(Array.from({ length: 60 }, () => l.consume('anonymous', 'ip:native')));
    } finally {
      redis.sendCommand = original;
    }
    expect(sent).toEqual([]);
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(new Set(results.filter((r) => r.allowed).map((r) => r.remaining)).size).toBe(50);
    // The key and its window are rate-limiter-flexible's: a replica still on ioredis counts in the same place.
    expect(await redis.get(`${prefix}anonymous:ip:native`)).toBe('60');
    expect(await redis.pttl(`${prefix}anonymous:ip:native`)).toBeGreaterThan(50_000);
  });

  it('shares one quota between gateway replicas', async () => {
    const replicaA = testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter: limiter() });
    const replicaB = testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter: limiter() });
    const headers = { 'x-forwarded-for': '192.0.2.10' };
    const a = testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter: limiter(), trustProxy: 1 });
    const b = testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter: limiter(), trustProxy: 1 });
    expect((await a.handle(req('/api/services', { headers }))).headers.get('ratelimit-remaining')).toBe('3');
    expect((await b.handle(req('/api/services', { headers }))).headers.get('ratelimit-remaining')).toBe('2');
    expect((await a.handle(req('/api/services', { headers }))).headers.get('ratelimit-remaining')).toBe('1');
    expect((await b.handle(req('/api/services', { headers }))).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await a.handle(req('/api/services', { headers }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A replica that trusts no proxy counts the socket address, a bucket of its own.
    expect((await replicaA.handle(req('/api/services'))).status).toBe(200);
    expect((await replicaB.handle(req('/api/services'))).headers.get('ratelimit-remaining')).toBe('2');
  });

  it('reports the store as up on /readyz', async () => {
    const res = await testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter: limiter() }).handle(req('/readyz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', dependencies: { redis: { status: 'up' }, catalog: { status: 'up' } } });
  });
});
