import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RedisClient } from '@tm/shared/store/redis';
import { type OwnRedisServer, ownRedisServer, waitFor } from '@tm/shared/testing';
import { req, testGateway } from '../testing/gateway.ts';
import { type Peer, startPeer } from '../testing/peers.ts';
import { startTestIssuer, type TestIssuer } from '../testing/tokens.ts';
import { createGatewayLimiter, createLimiterRedis } from './limiter.ts';
import { connectNative } from './limiter-native.ts';

let server: OwnRedisServer;
let redis: RedisClient;
let peer: Peer;
let issuer: TestIssuer;
beforeAll(async () => {
  server = ownRedisServer();
  await server.start();
  redis = createLimiterRedis(server.url, { maxReconnectDelayMs: 50 });
  redis.on('error', () => {});
  await waitFor('the limiter client to connect', () => redis.status === 'ready');
  peer = startPeer();
  issuer = await startTestIssuer();
});
afterAll(async () => {
  redis.disconnect();
  await server.stop();
  await peer.stop();
  await issuer.stop();
});

const readiness = async (gw: ReturnType<typeof testGateway>) => {
  const res = await gw.handle(req('/readyz'));
  return { status: res.status, body: (await res.json()) as { status: string; dependencies: Record<string, { status: string }> } };
};

describe('when Redis goes away mid-traffic', () => {
  it('keeps answering on the insurance limiter, says degraded, and returns to Redis without a restart', async () => {
    const prefix = 'rl:outage-test:';
    const limiter = createGatewayLimiter({ redis, keyPrefix: prefix, windowS: 60, quotas: { anonymous: 100, authenticated: 100, 'auth-routes': 10 } });
    const gw = testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter });

    expect((await gw.handle(req('/api/services'))).status).toBe(200);
    expect(await redis.keys(`${prefix}*`)).toHaveLength(1);
    expect(await readiness(gw)).toMatchObject({ status: 200, body: { status: 'ready', dependencies: { redis: { status: 'up' } } } });

    await server.stop();
    await waitFor('the client to notice', () => redis.status !== 'ready');
    for (let i = 0; i < 5; i++) {
      const res = await gw.handle(req('/api/services'));
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('100');
      expect(res.headers.get('ratelimit-remaining')).not.toBeNull();
    }
    expect(await readiness(gw)).toMatchObject({
      status: 200,
      body: { status: 'degraded', dependencies: { redis: { status: 'down' }, catalog: { status: 'up' } } },
    });

    await server.start();
    await waitFor('the client to reconnect', () => redis.status === 'ready');
    expect((await gw.handle(req('/api/services'))).status).toBe(200);
    // The restarted server kept nothing (no persistence), so this key was written after the return.
    expect(await redis.keys(`${prefix}*`)).toHaveLength(1);
    // Bun's native client (limiter-native.ts) is back too, and its script, forgotten by the restart, is loaded again.
    await waitFor('the native client to reconnect', () => connectNative(redis));
    const before = Number(await redis.get((await redis.keys(`${prefix}*`))[0] ?? ''));
    expect((await gw.handle(req('/api/services'))).status).toBe(200);
    expect(Number(await redis.get((await redis.keys(`${prefix}*`))[0] ?? ''))).toBe(before + 1);
    expect(await readiness(gw)).toMatchObject({ status: 200, body: { status: 'ready', dependencies: { redis: { status: 'up' } } } });
  });
});
