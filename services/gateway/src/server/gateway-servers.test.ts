import { describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import { rawHttpExchange } from '@tm/shared/testing';
import type { GatewayDeps } from '../app.ts';
import type { HttpServerKind } from '../config.ts';
import { createGatewayLimiter } from '../policy/limiter.ts';
import { gatewayTestPeers } from '../testing/gateway.ts';
import { listenGateway } from './listen.ts';

const env = gatewayTestPeers();

/** A gateway in front of the test peer, listening on a real socket through `kind`; stopped by `using`. */
async function listening(kind: HttpServerKind, extra: Partial<GatewayDeps> = {}) {
  const server = await listenGateway(env.gateway(extra), kind, { hostname: '127.0.0.1', port: 0, reusePort: false }, silentLogger, () => {
    throw new Error('cannot listen');
  });
  return { port: server.port, url: `http://127.0.0.1:${server.port}`, [Symbol.asyncDispose]: () => server.stop() };
}

/** The status codes and JSON bodies of the answers in a raw exchange, in the order they arrived. */
function answers(raw: string): { status: number; body: unknown }[] {
  const out: { status: number; body: unknown }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headEnd);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    if (!Number.isFinite(length)) throw new Error(`answer without a Content-Length: ${head}`);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    out.push({ status: Number(head.slice(9, 12)), body: body ? JSON.parse(body) : undefined });
    rest = rest.slice(headEnd + 4 + length);
  }
  return out;
}

const smallLimits = () => createGatewayLimiter({ windowS: 60, quotas: { anonymous: 3, authenticated: 5, 'auth-routes': 2 } });

describe('HTTP_SERVER=node: pipelined requests through the gateway', () => {
  it('answers two pipelined GETs to proxied routes, in order', async () => {
    await using gw = await listening('node');
    const raw = await rawHttpExchange(
      gw.port,
      'GET /api/services?n=1 HTTP/1.1\r\nHost: localhost\r\n\r\nGET /api/services?n=2 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answers(raw)).toMatchObject([
      { status: 200, body: { data: { path: '/services', search: '?n=1' } } },
      { status: 200, body: { data: { path: '/services', search: '?n=2' } } },
    ]);
  });

  it('answers a pipelined POST with a body and the GET after it, in order, and the POST reaches the service once', async () => {
    await using gw = await listening('node');
    const body = JSON.stringify({ phone: '+919876543210' });
    const before = env.peer.seen.filter((s) => s.method === 'POST' && s.body === body).length;
    const raw = await rawHttpExchange(
      gw.port,
      `POST /api/auth/send-otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
        'GET /api/services?after=post HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answers(raw)).toMatchObject([
      { status: 200, body: { data: { method: 'POST', path: '/auth/send-otp', body } } },
      { status: 200, body: { data: { method: 'GET', search: '?after=post' } } },
    ]);
    expect(env.peer.seen.filter((s) => s.method === 'POST' && s.body === body)).toHaveLength(before + 1);
  });
});

describe('HTTP_SERVER=bun (the default): pipelining on Bun 1.4.5', () => {
  // Documents the Bun.serve behaviour docs/data-layer.md describes: the connection closes with no
  // answer at all. When a Bun release fixes it this test fails: then re-test and drop the advice.
  it('closes the connection without a byte when a second request is pipelined behind an async route', async () => {
    await using gw = await listening('bun');
    const raw = await rawHttpExchange(
      gw.port,
      'GET /api/services?n=1 HTTP/1.1\r\nHost: localhost\r\n\r\nGET /api/services?n=2 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(raw).toBe('');
  });
});

describe.each(['bun', 'node'] as const)('the gateway over real sockets with HTTP_SERVER=%s', (kind) => {
  it('forwards the socket address as X-Forwarded-For, not a spoofed one, with the body', async () => {
    await using gw = await listening(kind);
    const res = await fetch(`${gw.url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
      body: `{"kind":"${kind}"}`,
    });
    expect(res.status).toBe(200);
    const seen = env.peer.seen.at(-1)!;
    expect(seen.body).toBe(`{"kind":"${kind}"}`);
    expect(seen.headers.get('x-forwarded-for')).toBe('127.0.0.1');
  });

  it('counts the quota per socket address: a spoofed X-Forwarded-For gets no fresh quota, the fourth call is 429', async () => {
    await using gw = await listening(kind, { limiter: smallLimits() });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${gw.url}/api/services`, { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(res.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const limited = await fetch(`${gw.url}/api/services`, { headers: { 'x-forwarded-for': '10.0.0.9' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });

  it('answers a declared body over MAX_BODY_BYTES with the 413 envelope', async () => {
    await using gw = await listening(kind, { maxBodyBytes: 16 });
    const res = await fetch(`${gw.url}/api/auth/send-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(64) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('answers chunked uploads over MAX_BODY_BYTES with 413, on the API and on /mcp, and keeps serving', async () => {
    await using gw = await listening(kind);
    for (const path of ['/api/auth/send-otp', '/mcp']) {
      let sent = 0;
      const body = new ReadableStream({
        pull(controller) {
          if (sent++ < 40) controller.enqueue(new Uint8Array(64 * 1024).fill(97));
          else controller.close();
        },
      });
      const res = await fetch(`${gw.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      expect(res.status).toBe(413);
      await res.text();
    }
    expect((await fetch(`${gw.url}/api/services`)).status).toBe(200);
  });

  it('answers a CORS preflight with 204 and the allow headers', async () => {
    await using gw = await listening(kind);
    const res = await fetch(`${gw.url}/api/services`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('passes an upstream error answer through with its status', async () => {
    await using gw = await listening(kind);
    const res = await fetch(`${gw.url}/api/services/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
