/**
 * Auth on the Redis deployments production meets: a Redis Cluster (multi-key steps must stay in
 * one slot) and a Redis that goes away and comes back (every path answers 503 in the envelope,
 * never a 500, and recovers without a restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createRedisClient, createRedisKeyValueStore } from '@tm/shared/store/redis';
import {
  type OwnRedisServer,
  openStandInDatabase,
  ownRedisServer,
  startMongoWireStandIn,
  startTestRedisCluster,
  type TestRedisCluster,
} from '@tm/shared/testing';
import { createAuthUnderTest } from './testing/auth-under-test.ts';
import { createStaff } from './testing/staff-fixture.ts';

let cluster: TestRedisCluster;
let server: OwnRedisServer;
const clients: { disconnect(): void }[] = [];
beforeAll(async () => {
  cluster = await startTestRedisCluster();
  server = ownRedisServer();
  await server.start();
}, 30_000);
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await cluster.stop();
  await server.stop();
});

const storeOn = (url: string) => {
  const client = createRedisClient(url, { commandTimeoutMs: 500, connectTimeoutMs: 500, maxReconnectDelayMs: 50, onError: () => {} });
  clients.push(client);
  return createRedisKeyValueStore(client, { prefix: `test:auth-outage:${crypto.randomUUID()}:` });
};
const ip = { 'x-forwarded-for': '198.51.100.7' };

describe('auth on a Redis Cluster', () => {
  it('drops a code whose SMS failed together with its cooldown (one DEL, one slot), so a retry is accepted at once', async () => {
    let fail = true;
    const { call } = await createAuthUnderTest({
      keyValue: storeOn(cluster.url),
      sms: {
        send: async () => {
          if (fail) throw new Error('provider down');
        },
      },
    });
    const mobile = '+4915112345678';
    const first = await call('POST', '/auth/send-otp', { body: { mobile }, headers: ip });
    expect(first.body.error?.code).toBe('SMS_DELIVERY_FAILED');
    fail = false;
    expect((await call('POST', '/auth/send-otp', { body: { mobile }, headers: ip })).status).toBe(200);
  });

  it('clears a staff identifier’s failures and lock together after a password reset', async () => {
    const { call, deps } = await createAuthUnderTest({ keyValue: storeOn(cluster.url) });
    const staff = await createStaff(deps);
    const wrong = await call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: 'not the password' }, headers: ip });
    expect(wrong.body.error?.code).toBe('INVALID_CREDENTIALS');
    await call('POST', '/auth/forgot-password', { body: { email: staff.email }, headers: ip });
    const mailed = await pollFor(() =>
      (deps.logger as unknown as { lines: Record<string, unknown>[] }).lines.find((l) => String(JSON.stringify(l)).includes('token=')),
    );
    const token = /token=([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mailed))?.[1] as string;
    const reset = await call('POST', '/auth/reset-password', { body: { token, newPassword: 'a brand new passphrase' }, headers: ip });
    expect(reset.status).toBe(200);
    const login = await call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: 'a brand new passphrase' }, headers: ip });
    expect(login.status).toBe(200);
  });
});

describe('auth while Redis is away', () => {
  it('answers 503 SERVICE_UNAVAILABLE in the envelope with Retry-After on every Redis path, and serves again once Redis is back', async () => {
    const { call, deps } = await createAuthUnderTest({ keyValue: storeOn(server.url) });
    const staff = await createStaff(deps);
    await server.stop();
    const calls = [
      () => call('POST', '/auth/send-otp', { body: { mobile: '+4915112345679' }, headers: ip }),
      () => call('POST', '/auth/verify-otp', { body: { mobile: '+4915112345679', otp: '123456' }, headers: ip }),
      () => call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: staff.password }, headers: ip }),
      () => call('POST', '/auth/guest-access', { headers: ip }),
      () => call('POST', '/auth/forgot-password', { body: { email: staff.email }, headers: ip }),
    ];
    for (const run of calls) {
      const res = await run();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(503);

    await server.start();
    const back = await pollFor(async () => {
      const res = await call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: staff.password }, headers: ip });
      return res.status === 200 ? res : undefined;
    });
    expect(back.body.data.tokenType).toBe('Bearer');
    expect((await call('POST', '/auth/send-otp', { body: { mobile: '+4915112345679' }, headers: ip })).status).toBe(200);
  }, 20_000);
});

describe('auth while MongoDB fails over (the real driver over the wire-level stand-in)', () => {
  it('answers 503 SERVICE_UNAVAILABLE in the envelope while the server says NotWritablePrimary, and serves once it answers again', async () => {
    const standIn = startMongoWireStandIn();
    const db = openStandInDatabase(standIn, 'auth');
    try {
      const { call, deps } = await createAuthUnderTest({ documents: db.store });
      const staff = await createStaff(deps);
      const notPrimary = { code: 10107, codeName: 'NotWritablePrimary', errmsg: 'not primary' };
      // Twice: the driver retries a read once.
      standIn.failNext('find', notPrimary, 2);
      const res = await call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: staff.password }, headers: ip });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(res.headers.get('retry-after')).toBe('5');
      const again = await call('POST', '/auth/staff-password-login', { body: { identifier: staff.email, password: staff.password }, headers: ip });
      expect(again.status).toBe(200);
    } finally {
      await db.close();
      await standIn.stop();
    }
  });
});

async function pollFor<T>(probe: () => T | undefined | Promise<T | undefined>, attempts = 200, intervalMs = 25): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await Bun.sleep(intervalMs);
  }
  throw new Error('timed out');
}
