/**
 * Reads sent on while they are counted (front-door.ts `answerCounted`): a safe read of a client well
 * within its quota goes towards its service while the limiter counts it; everything else is
 * counted first. The count decides every answer exactly as before.
 */
import { describe, expect, it } from 'bun:test';
import { waitFor } from '@tm/shared/testing';
import { createGatewayLimiter, type GatewayLimiter } from '../policy/limiter.ts';
import { aheadMargin } from '../policy/policy-plugin.ts';
import type { LimitResult } from '../policy/rate-limit-rules.ts';
import { gatewayTestPeers, req } from '../testing/gateway.ts';

const env = gatewayTestPeers();

/** An in-memory limiter whose counts wait at a gate the test opens, and can be told to refuse. */
function gatedLimiter(quota: number) {
  const inner = createGatewayLimiter({ windowS: 60, quotas: { anonymous: quota, authenticated: quota, 'auth-routes': quota } });
  let open: Promise<void> = Promise.resolve();
  let release = () => {};
  let refuse = false;
  const limiter: GatewayLimiter = {
    windowS: inner.windowS,
    quotas: inner.quotas,
    readiness: () => inner.readiness(),
    async consume(bucket, key): Promise<LimitResult> {
      await open;
      const result = await inner.consume(bucket, key);
      return refuse ? { ...result, allowed: false, remaining: 0 } : result;
    },
  };
  return {
    limiter,
    close() {
      open = new Promise((resolve) => {
        release = resolve;
      });
    },
    open: () => release(),
    refuseNext() {
      refuse = true;
    },
  };
}

/** A gateway trusting one forwarding hop, so each test picks its client's address. */
function gatewayWith(limiter: GatewayLimiter) {
  return env.gateway({ limiter, trustProxy: 1 });
}

const from = (ip: string, init: RequestInit = {}) => ({ ...init, headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string>) } });

/** Whether `promise` has settled after a few turns of the event loop and a short wait. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await Bun.sleep(30);
  return done;
}

const seenPath = (path: string) => env.peer.seen.some((s) => s.path === path);

describe('reads sent on while they are counted', () => {
  it('a read of a client well within its quota reaches the service while it is counted, and is answered only once counted', async () => {
    const gate = gatedLimiter(100);
    const app = gatewayWith(gate.limiter);
    expect((await app.handle(req('/api/services/warm-up-1', from('198.51.100.1')))).status).toBe(200);
    gate.close();
    const answer = app.handle(req('/api/services/ahead-1', from('198.51.100.1')));
    await waitFor('the service to see the read', () => seenPath('/services/ahead-1'));
    expect(await settled(answer)).toBe(false);
    gate.open();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe('98');
    expect(res.headers.get('ratelimit-limit')).toBe('100');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect((await res.json()).data.path).toBe('/services/ahead-1');
  });

  it('counts first: a first request, writes, streams, services that do not only read, and a client near its quota', async () => {
    const quota = 20;
    const gate = gatedLimiter(quota);
    const app = gatewayWith(gate.limiter);
    const ip = '198.51.100.2';
    expect((await app.handle(req('/api/talent/warm-up-2', from(ip)))).status).toBe(200);
    gate.close();
    const cases: [string, RequestInit][] = [
      ['/api/jobs/pricing', from(ip, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })],
      ['/api/bookings/counted-2', from(ip)],
      ['/api/search/counted-2', from(ip)],
      ['/api/chat/room-2/stream', from(ip)],
      ['/api/services/stream-2', from(ip, { headers: { accept: 'text/event-stream' } })],
      ['/api/services/first-2', from('198.51.100.3')],
    ];
    const answers = cases.map(([path, init]) => app.handle(req(path, init)));
    await Bun.sleep(50);
    const servicePaths = cases.map(([path]) => path.slice(4));
    expect(servicePaths.filter(seenPath)).toEqual([]);
    gate.open();
    const statuses = (await Promise.all(answers)).map((r) => r.status);
    // Once counted, each went on (or was refused by its route: bookings and the chat stream need a token).
    expect(statuses).toEqual([200, 401, 200, 401, 200, 200]);
    expect(servicePaths.filter(seenPath).sort()).toEqual(['/jobs/pricing', '/search/counted-2', '/services/first-2', '/services/stream-2']);

    // Counts that leave fewer than the margin: the next read is counted before it is sent.
    let remaining = Number.POSITIVE_INFINITY;
    for (let i = 0; remaining >= aheadMargin(quota); i++) {
      const res = await app.handle(req(`/api/services/use-2-${i}`, from('198.51.100.4')));
      remaining = Number(res.headers.get('ratelimit-remaining'));
    }
    gate.close();
    const near = app.handle(req('/api/services/near-2', from('198.51.100.4')));
    await Bun.sleep(50);
    expect(seenPath('/services/near-2')).toBe(false);
    gate.open();
    expect((await near).status).toBe(200);
  });

  it("a read refused by its count gets the 429 envelope, never the service's answer", async () => {
    const gate = gatedLimiter(100);
    const app = gatewayWith(gate.limiter);
    expect((await app.handle(req('/api/services/warm-up-3', from('198.51.100.5')))).status).toBe(200);
    gate.close();
    gate.refuseNext();
    const answer = app.handle(req('/api/services/refused-3', from('198.51.100.5')));
    await waitFor('the service to see the read', () => seenPath('/services/refused-3'));
    gate.open();
    const res = await answer;
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    const body = await res.json();
    expect(body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  });

  it('admits exactly the quota when 80 reads of one client arrive at once, each admitted one with its own place', async () => {
    const quota = 40;
    const app = gatewayWith(createGatewayLimiter({ windowS: 60, quotas: { anonymous: quota, authenticated: quota, 'auth-routes': quota } }));
    const ip = '198.51.100.6';
    expect((await app.handle(req('/api/services/warm-up-4', from(ip)))).status).toBe(200);
    const calls: Promise<Response>[] = [];
    for (let i = 0; i < 80; i++) {
      calls.push(app.handle(req(`/api/services/burst-4-${i}`, from(ip))));
      if (i % 8 === 7) await new Promise((r) => setImmediate(r));
    }
    const answers = await Promise.all(calls);
    const admitted = answers.filter((r) => r.status === 200);
    expect(admitted).toHaveLength(quota - 1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(80 - (quota - 1));
    const places = admitted.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: quota - 1 }, (_, i) => i));
    for (const r of answers.filter((a) => a.status === 429)) expect((await r.json()).error.code).toBe('RATE_LIMITED');
  });
});
