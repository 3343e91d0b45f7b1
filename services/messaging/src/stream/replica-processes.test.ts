import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { createRedisClient } from '@tm/shared/store/redis';
import { freePort, type MongoWireStandIn, startMongoWireStandIn, testRedisUrl, waitFor } from '@tm/shared/testing';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tm/shared/tokens';
import type { Subprocess } from 'bun';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { readStream } from '../testing/sse.ts';
import { bookingFacts } from '../testing.ts';

/**
 * Two real messaging processes (`src/main.ts`), as deployed: one MongoDB (the wire-level stand-in,
 * through the real driver) as the log, one real Redis for notices and tickets, bookings' facts
 * and auth's JWKS served here. Heartbeats stay at 8 s, so only Redis can carry a change across
 * within 1 s.
 */
let standIn: MongoWireStandIn;
let upstream: ReturnType<typeof Bun.serve>;
const procs: Subprocess[] = [];
const prefix = `test:messaging:${crypto.randomUUID()}:`;
let a = '';
let b = '';
let sign: (sub: string, role: string, pid?: string) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA', use: 'sig' };
  sign = (sub, role, pid) =>
    new SignJWT({ sub, role, sid: `s-${sub}`, typ: 'access', ...(pid ? { pid } : {}) })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === '/.well-known/jwks.json') return Response.json({ keys: [jwk] });
      // Auth's revocation feed: nothing revoked (without it, the replicas' token checks answer 503).
      if (path === '/internal/revocations') return Response.json({ success: true, data: { revoked: [], next: Date.now(), more: false } });
      if (path === '/internal/bookings/b1/facts') return Response.json({ success: true, data: bookingFacts('b1') });
      return Response.json({ success: false, error: { code: 'BOOKING_NOT_FOUND', message: 'No such booking' } }, { status: 404 });
    },
  });
  standIn = startMongoWireStandIn({ record: false });
  const start = (port: number) =>
    Bun.spawn([process.execPath, join(import.meta.dir, '..', 'main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        MONGODB_URL: standIn.url.replace('/?', '/messaging?'),
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        BOOKINGS_URL: `http://127.0.0.1:${upstream.port}`,
        AUTH_URL: `http://127.0.0.1:${upstream.port}`,
        CHAT_MAIL_SWEEP_MS: '3600000',
      },
      stdout: 'ignore',
      stderr: 'ignore',
    });
  const [pa, pb] = [freePort(), freePort()];
  procs.push(start(pa), start(pb));
  a = `http://127.0.0.1:${pa}`;
  b = `http://127.0.0.1:${pb}`;
  for (const base of [a, b]) await waitFor(`${base}/readyz`, async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.ok === true, 400, 50);
}, 40_000);

afterAll(async () => {
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
  upstream?.stop(true);
  await standIn?.stop();
  // Notices leave no keys; tickets, counters and presence are under the prefix.
  const redis = createRedisClient(testRedisUrl(), { commandTimeoutMs: 2000, onError: () => {} });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const post = async (base: string, token: string, text: string, id: string) => {
  const res = await fetch(`${base}/chat/b1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: text, clientMessageId: id }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; seq: number } }).data;
};

describe('two messaging processes on one Redis and one MongoDB', () => {
  it('delivers a message sent to one process to a stream held by the other within 1 s, and a Last-Event-ID reconnect misses nothing and repeats nothing', async () => {
    const customer = await sign('cust-1', 'customer');
    const pm = await sign('user-ana', 'pm', 'pm-ana');
    const first = readStream(await fetch(`${b}/chat/b1/stream`, { headers: { authorization: `Bearer ${pm}` } }));
    await first.waitForPings(1, 5000);
    await Bun.sleep(100); // the process's channel subscription is on its way to Redis
    const seqs: number[] = [];
    const t0 = performance.now();
    seqs.push((await post(a, customer, 'across processes', 'x-1')).seq);
    await first.waitFor(1, 1000);
    expect(performance.now() - t0).toBeLessThan(1000);
    for (let i = 0; i < 3; i++) seqs.push((await post(i % 2 ? b : a, customer, `more ${i}`, `x-2-${i}`)).seq);
    await first.waitFor(4, 2000);
    await first.close();
    for (let i = 0; i < 3; i++) seqs.push((await post(i % 2 ? a : b, customer, `while away ${i}`, `x-3-${i}`)).seq);
    const last = first.events.at(-1)?.id as number;
    const again = readStream(await fetch(`${a}/chat/b1/stream`, { headers: { authorization: `Bearer ${pm}`, 'last-event-id': String(last) } }));
    await again.waitFor(3, 2000);
    seqs.push((await post(b, customer, 'live again', 'x-4')).seq);
    await again.waitFor(4, 1000);
    await Bun.sleep(100);
    const seen = [...first.events, ...again.events].map((e) => e.id);
    expect(seen).toEqual(seqs);
    await again.close();
  }, 30_000);
});
