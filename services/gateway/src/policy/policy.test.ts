import { describe, expect, it } from 'bun:test';
import { gatewayTestPeers, req } from '../testing/gateway.ts';
import { createGatewayLimiter } from './limiter.ts';

const env = gatewayTestPeers();

const smallLimits = () => createGatewayLimiter({ windowS: 60, quotas: { anonymous: 3, authenticated: 5, 'auth-routes': 2 } });
const gateway = env.gateway;

describe('rate-limit headers', () => {
  it('puts the RateLimit fields on a 2xx answer', async () => {
    const res = await gateway().handle(req('/api/services'));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('300');
    expect(res.headers.get('ratelimit-remaining')).toBe('299');
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('ratelimit-policy')).toBe('"anonymous";q=300;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"anonymous";r=299;t=\d+$/);
  });

  it('puts them on errors made by the gateway and on unknown site paths', async () => {
    const gw = gateway();
    for (const path of ['/api/nope', '/api/payments', '/agent.txt', '/openapi.json', '/mcp']) {
      const res = await gw.handle(req(path));
      expect(res.headers.get('ratelimit-limit')).toBe('300');
    }
  });

  it('leaves /healthz and /readyz out of the quota', async () => {
    const gw = gateway({ limiter: smallLimits() });
    for (let i = 0; i < 5; i++) expect((await gw.handle(req('/healthz'))).status).toBe(200);
    const res = await gw.handle(req('/healthz'));
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    expect((await gw.handle(req('/api/services'))).headers.get('ratelimit-remaining')).toBe('2');
  });
});

describe('rate limiting', () => {
  it('answers 429 RATE_LIMITED with Retry-After once the anonymous quota is spent', async () => {
    const gw = gateway({ limiter: smallLimits() });
    for (let i = 0; i < 3; i++) expect((await gw.handle(req('/api/services'))).status).toBe(200);
    const res = await gw.handle(req('/api/services'));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });

  it('does not reach the service once limited', async () => {
    const gw = gateway({ limiter: smallLimits() });
    for (let i = 0; i < 3; i++) await gw.handle(req('/api/services?n=limited'));
    const before = env.peer.seen.length;
    await gw.handle(req('/api/services?n=limited'));
    expect(env.peer.seen.length).toBe(before);
  });

  it('does not give a fresh quota for a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    const gw = gateway({ limiter: smallLimits() });
    for (let i = 0; i < 3; i++) await gw.handle(req('/api/services', { headers: { 'x-forwarded-for': `10.0.0.${i}` } }));
    const res = await gw.handle(req('/api/services', { headers: { 'x-forwarded-for': '10.9.9.9' } }));
    expect(res.status).toBe(429);
  });

  it('does not give a fresh quota for entries a client prepends behind one trusted proxy', async () => {
    const gw = gateway({ limiter: smallLimits(), trustProxy: 1 });
    for (let i = 0; i < 3; i++) await gw.handle(req('/api/services', { headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.7` } }));
    const spoofed = await gw.handle(req('/api/services', { headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' } }));
    expect(spoofed.status).toBe(429);
    const other = await gw.handle(req('/api/services', { headers: { 'x-forwarded-for': '198.51.100.1' } }));
    expect(other.status).toBe(200);
  });

  it('counts a caller with a valid token per sub, apart from the anonymous bucket', async () => {
    const gw = gateway({ limiter: smallLimits() });
    for (let i = 0; i < 3; i++) await gw.handle(req('/api/services'));
    expect((await gw.handle(req('/api/services'))).status).toBe(429);
    const token = await env.issuer.mint({ sub: 'user-sub-bucket' });
    const res = await gw.handle(req('/api/services', { headers: { authorization: `Bearer ${token}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe('5');
    expect(res.headers.get('ratelimit-policy')).toBe('"authenticated";q=5;w=60');
  });

  it('treats an invalid token on a public route as anonymous', async () => {
    const gw = gateway({ limiter: smallLimits() });
    const res = await gw.handle(req('/api/services', { headers: { authorization: 'Bearer not.a.token' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"anonymous";q=3;w=60');
  });

  it('limits /api/auth/* with its own tighter per-IP bucket', async () => {
    const gw = gateway({ limiter: smallLimits() });
    const token = await env.issuer.mint({ sub: 'user-auth-bucket' });
    const headers = { authorization: `Bearer ${token}` };
    const first = await gw.handle(req('/api/auth/refresh', { method: 'POST', headers }));
    expect(first.headers.get('ratelimit-policy')).toBe('"auth-routes";q=2;w=60');
    await gw.handle(req('/api/auth/send-otp', { method: 'POST' }));
    expect((await gw.handle(req('/api/auth/send-otp', { method: 'POST' }))).status).toBe(429);
    // The general anonymous bucket was not spent by the auth routes.
    expect((await gw.handle(req('/api/services'))).headers.get('ratelimit-remaining')).toBe('2');
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin itself', async () => {
    const res = await gateway().handle(
      req('/api/jobs/pricing', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(res.headers.get('ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a browser read a 429 and a 401 (CORS headers on errors too)', async () => {
    const gw = gateway({ limiter: smallLimits() });
    const headers = { origin: 'https://app.example' };
    const unauthorized = await gw.handle(req('/api/payments', { headers }));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('https://app.example');
    for (let i = 0; i < 2; i++) await gw.handle(req('/api/services', { headers }));
    const limited = await gw.handle(req('/api/services', { headers }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('exposes the rate-limit and paging headers to an allowed origin', async () => {
    const res = await gateway().handle(req('/api/services', { headers: { origin: 'https://app.example' } }));
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id', 'X-Total-Count', 'Link', 'Content-Language']) {
      expect(exposed).toContain(h);
    }
  });

  it('gives no allow headers to an origin not on the list', async () => {
    const gw = gateway();
    const pre = await gw.handle(
      req('/api/services', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } }),
    );
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await gw.handle(req('/api/services', { headers: { origin: 'https://evil.example' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('body size', () => {
  it('answers 413 PAYLOAD_TOO_LARGE when Content-Length exceeds the limit', async () => {
    const gw = gateway({ maxBodyBytes: 100 });
    const before = env.peer.seen.length;
    const res = await gw.handle(req('/api/jobs/pricing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(101) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(env.peer.seen.length).toBe(before);
  });

  it('counts a streamed body without Content-Length and answers 413 past the limit', async () => {
    const chunks = ['a'.repeat(60), 'b'.repeat(60)];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const res = await gateway({ maxBodyBytes: 100 }).handle(req('/api/jobs/pricing', { method: 'POST', body }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('streams a body within the limit through', async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items":'));
        controller.enqueue(new TextEncoder().encode('[]}'));
        controller.close();
      },
    });
    const res = await gateway({ maxBodyBytes: 100 }).handle(req('/api/jobs/pricing', { method: 'POST', body }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { body: string } }).data.body).toBe('{"items":[]}');
  });
});

describe('logging', () => {
  it('writes one JSON line per request with method, path, status, duration and id', async () => {
    const { createMemoryLogger } = await import('@tm/shared');
    const logger = createMemoryLogger('gateway');
    await gateway({ logger }).handle(req('/api/services', { headers: { 'x-request-id': 'log-test-0001' } }));
    const lines = () => logger.lines.filter((l) => l.msg === 'request');
    // The log line is written after the response is handed over: poll for it, bounded.
    for (let i = 0; i < 100 && lines().length === 0; i++) await Bun.sleep(1);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ method: 'GET', path: '/api/services', status: 200, requestId: 'log-test-0001' });
    expect(typeof lines()[0]?.durationMs).toBe('number');
  });

  it('logs the id the caller received on a 429 made before any route ran', async () => {
    const { createMemoryLogger } = await import('@tm/shared');
    const logger = createMemoryLogger('gateway');
    const gw = gateway({ logger, limiter: smallLimits() });
    for (let i = 0; i < 3; i++) await gw.handle(req('/api/services'));
    const res = await gw.handle(req('/api/services'));
    expect(res.status).toBe(429);
    const logged = () => logger.lines.filter((l) => l.msg === 'request' && l.status === 429);
    for (let i = 0; i < 100 && logged().length === 0; i++) await Bun.sleep(1);
    expect(logged()[0]?.requestId).toBe(res.headers.get('x-request-id'));
  });
});
