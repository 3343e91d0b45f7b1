/**
 * Rate limits are exact across gateway replicas sharing one Redis, standalone and Cluster: under
 * concurrent load from one address at two replicas, exactly the quota is admitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RedisClient } from '@tm/shared/store/redis';
import { startTestRedisCluster, type TestRedisCluster, testRedisUrl, waitFor } from '@tm/shared/testing';
import { req, testGateway } from '../testing/gateway.ts';
import { type Peer, startPeer } from '../testing/peers.ts';
import { startTestIssuer, type TestIssuer } from '../testing/tokens.ts';
import { createGatewayLimiter, createLimiterRedis } from './limiter.ts';

const prefix = `test:gateway-replicas:${crypto.randomUUID()}:`;
let cluster: TestRedisCluster;
let peer: Peer;
let issuer: TestIssuer;
const clients: RedisClient[] = [];
/** A client of the shared standalone Redis, kept to delete this file's keys there afterwards (the cluster is this file's own). */
let standalone: RedisClient | undefined;
beforeAll(async () => {
  cluster = await startTestRedisCluster();
  peer = startPeer();
  issuer = await startTestIssuer();
}, 30_000);
afterAll(async () => {
  try {
    const keys = (await standalone?.keys(`${prefix}*`)) ?? [];
    if (keys.length > 0) await standalone?.del(...keys);
  } finally {
    // Stopped whatever the cleanup met (a dropped connection rejects at once: no offline queue).
    for (const c of clients) c.disconnect();
    await cluster.stop();
    await peer.stop();
    await issuer.stop();
  }
});

/** A replica: its own Redis client and limiter, as a separate gateway process has. */
async function replica(url: string) {
  const redis = createLimiterRedis(url);
  clients.push(redis);
  await waitFor('the limiter client to connect', () => redis.status === 'ready');
  if (url === testRedisUrl()) standalone ??= redis;
  const limiter = createGatewayLimiter({ redis, keyPrefix: prefix, windowS: 60, quotas: { anonymous: 25, authenticated: 25, 'auth-routes': 25 } });
  return testGateway({ upstream: peer.url, jwksUrl: issuer.jwksUrl, limiter, trustProxy: 1 });
}

for (const topology of ['standalone', 'cluster'] as const) {
  describe(`two gateway replicas sharing Redis (${topology})`, () => {
    it('admit exactly the quota of 25 when 30 + 30 requests from one address arrive at once, round after round', async () => {
      const url = topology === 'cluster' ? cluster.url : testRedisUrl();
      const [a, b] = [await replica(url), await replica(url)];
      for (let round = 0; round < 4; round++) {
        const headers = { 'x-forwarded-for': `192.0.2.${100 + round}` };
        // Arriving over a few event-loop turns, as real traffic does: later requests find a flight
        // to Redis in progress and a count already known, which is where answering ahead went wrong.
        const calls: Promise<Response>[] = [];
        for (let i = 0; i < 30; i++) {
          calls.push(a.handle(req('/api/services', { headers })), b.handle(req('/api/services', { headers })));
          if (i % 3 === 2) await new Promise((r) => setImmediate(r));
        }
        const statuses = (await Promise.all(calls)).map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(25);
        expect(statuses.filter((s) => s === 429)).toHaveLength(35);
      }
    }, 20_000);
  });
}
