import { describe, expect, it } from 'bun:test';
import { gatewayTestPeers, req, testGateway, upstreamsAt } from '../testing/gateway.ts';
import { closedUrl } from '../testing/peers.ts';

const env = gatewayTestPeers();

const app = () => env.gateway();

describe('the /api proxy', () => {
  it('forwards method, path without /api, query, headers and body to the owning service', async () => {
    const res = await app().handle(
      req('/api/jobs/pricing?x=1&y=two', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-country': 'DE',
          'x-lang': 'de',
          'x-request-id': 'req-12345678',
          connection: 'keep-alive, x-secret',
          'x-secret': 's',
        },
        body: JSON.stringify({ items: [{ serviceId: 'mvp-build', hours: 10 }] }),
      }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      data: { method: 'POST', path: '/jobs/pricing', search: '?x=1&y=two', body: '{"items":[{"serviceId":"mvp-build","hours":10}]}', length: 48 },
    });
    const seen = env.peer.seen.at(-1)!;
    expect(seen.headers.get('x-country')).toBe('DE');
    expect(seen.headers.get('x-lang')).toBe('de');
    expect(seen.headers.get('x-request-id')).toBe('req-12345678');
    expect(seen.headers.get('x-secret')).toBeNull();
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
    expect(res.headers.get('x-total-count')).toBe('42');
    expect(res.headers.get('content-language')).toBe('de');
  });

  it('replaces a client X-Forwarded-For with the one resolved client IP', async () => {
    await app().handle(req('/api/services', { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' } }));
    expect(env.peer.seen.at(-1)!.headers.get('x-forwarded-for')).toBe('unknown');
    await env.gateway({ trustProxy: 1 }).handle(req('/api/services', { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' } }));
    expect(env.peer.seen.at(-1)!.headers.get('x-forwarded-for')).toBe('7.7.7.7');
  });

  it('generates a request id when the caller sends a malformed one and passes it on', async () => {
    const res = await app().handle(req('/api/services', { headers: { 'x-request-id': 'bad id!' } }));
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(env.peer.seen.at(-1)!.headers.get('x-request-id')).toBe(id);
  });

  it('routes each public prefix to its service', async () => {
    const upstreams = {
      ...upstreamsAt(`${env.peer.url}/x`),
      auth: `${env.peer.url}/a`,
      catalog: `${env.peer.url}/c`,
      talent: `${env.peer.url}/t`,
      bookings: `${env.peer.url}/b`,
    };
    const gw = env.gateway({ upstreams });
    const cases: [string, string][] = [
      ['/api/auth/send-otp', '/a/auth/send-otp'],
      ['/api/services', '/c/services'],
      ['/api/services/catalog', '/c/services/catalog'],
      ['/api/jobs/pricing', '/c/jobs/pricing'],
      ['/api/pm/x/profile', '/t/pm/x/profile'],
      ['/api/resource/x/profile', '/t/resource/x/profile'],
      ['/api/talent/sitemap', '/t/talent/sitemap'],
    ];
    for (const [path, expected] of cases) {
      const res = await gw.handle(req(path));
      expect(((await res.json()) as { data: { path: string } }).data.path).toBe(expected);
    }
  });

  it('keeps an upstream error envelope and its status as they are', async () => {
    const res = await app().handle(req('/api/services/missing'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'nope' } });
  });

  it('answers 404 ROUTE_NOT_FOUND for a path no service owns', async () => {
    for (const path of ['/api/nothing', '/api/jobs/pricing/extra', '/api/servicesx', '/nowhere']) {
      const res = await app().handle(req(path));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ROUTE_NOT_FOUND');
      expect(res.headers.get('ratelimit-limit')).toBe('300');
    }
  });
});

describe('methods the gateway never forwards', () => {
  it('answers TRACE with a 404 envelope itself, without calling the service', async () => {
    const before = env.peer.seen.length;
    const res = await env.gateway().handle(req('/api/jobs/pricing', { method: 'TRACE' }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: 'No route for TRACE /api/jobs/pricing' } });
    expect(env.peer.seen.length).toBe(before);
  });
});

describe('upstream failures', () => {
  const upstreamAt = (suffix: string) => testGateway({ upstream: `${env.peer.url}${suffix}`, jwksUrl: env.issuer.jwksUrl });

  it('turns an HTML 500 into a 502 UPSTREAM_ERROR envelope', async () => {
    const res = await upstreamAt('/html-500?').handle(req('/api/services'));
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ success: false, error: { code: 'UPSTREAM_ERROR', message: 'The service sent an unusable answer' } });
  });

  it('turns a non-JSON 200 into a 502 UPSTREAM_ERROR envelope', async () => {
    const res = await upstreamAt('/text-200?').handle(req('/api/services'));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_ERROR');
  });

  it('turns a JSON 500 that is not an envelope into a 502 UPSTREAM_ERROR envelope', async () => {
    const res = await upstreamAt('/json-500?').handle(req('/api/services'));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_ERROR');
  });

  it('passes an upstream 5xx envelope through unchanged', async () => {
    const res = await upstreamAt('/envelope-503?').handle(req('/api/services'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, error: { code: 'DEPENDENCY_DOWN', message: 'down' } });
  });

  it('passes a redirect on with its Location but without its non-envelope body', async () => {
    const res = await upstreamAt('/redirect?').handle(req('/api/services'));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/elsewhere');
    expect(await res.text()).toBe('');
  });

  it('answers 504 UPSTREAM_TIMEOUT when the service is slower than the timeout', async () => {
    const gw = testGateway({ upstream: `${env.peer.url}/slow?`, jwksUrl: env.issuer.jwksUrl, upstreamTimeoutMs: 50 });
    const res = await gw.handle(req('/api/services'));
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_TIMEOUT');
  });

  it('answers 408 REQUEST_TIMEOUT, not 504, when the client stops sending its body mid-way', async () => {
    // One chunk, then nothing: the stream never closes.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items":'));
      },
    });
    const gw = env.gateway({ upstreamTimeoutMs: 100 });
    const res = await gw.handle(
      req('/api/jobs/pricing', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(408);
    expect(await res.json()).toEqual({ success: false, error: { code: 'REQUEST_TIMEOUT', message: 'The request body did not arrive in time' } });
  });

  it('answers 408 REQUEST_TIMEOUT when a body with a declared length stops arriving', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items":'));
      },
    });
    const gw = env.gateway({ upstreamTimeoutMs: 100 });
    const headers = { 'content-type': 'application/json', 'content-length': '100' };
    const res = await gw.handle(req('/api/jobs/pricing', { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
    expect(res.status).toBe(408);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('REQUEST_TIMEOUT');
  });

  it('still answers 504 when a streamed body arrived whole and the service is slow', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{}'));
        controller.close();
      },
    });
    const gw = testGateway({ upstream: `${env.peer.url}/slow?`, jwksUrl: env.issuer.jwksUrl, upstreamTimeoutMs: 100 });
    const res = await gw.handle(
      req('/api/jobs/pricing', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect(res.status).toBe(504);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when nothing listens', async () => {
    const res = await testGateway({ upstream: closedUrl(), jwksUrl: env.issuer.jwksUrl }).handle(req('/api/services'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(res.headers.get('ratelimit-remaining')).toBe('299');
  });
});
