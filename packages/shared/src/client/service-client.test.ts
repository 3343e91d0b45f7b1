import { afterAll, describe, expect, it } from 'bun:test';
import { t } from 'elysia';
import { createMemoryLogger } from '../core/logger.ts';
import { runInRequestScope } from '../core/request-scope.ts';
import { createServiceClient } from './service-client.ts';

let release: () => void = () => {};
const held = new Promise<void>((r) => {
  release = r;
});
/** What each request brought, copied while it is live (Bun clears a served request afterwards). */
const seen: { url: URL; method: string; headers: Headers; body: string }[] = [];
const peer = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    seen.push({ url, method: req.method, headers: new Headers(req.headers), body: await req.text() });
    switch (url.pathname) {
      case '/base/item':
        return Response.json({ success: true, data: { id: 'x1', n: 3 } }, { headers: { 'x-total-count': '7' } });
      case '/base/echo':
        return Response.json({ success: true, data: { id: url.search, n: 1 } });
      case '/base/newer':
        return Response.json({ success: true, data: { id: 'x2', n: 4, addedLater: true } });
      case '/base/wrong-shape':
        return Response.json({ success: true, data: { id: 5, n: 1 } });
      case '/base/missing':
        return Response.json({ success: false, error: { code: 'THING_NOT_FOUND', message: 'No such thing' } }, { status: 404 });
      case '/base/broken':
        return Response.json({ success: false, error: { code: 'INTERNAL', message: 'oops' } }, { status: 500 });
      case '/base/lines':
        return new Response('{"a":1}\n{"a":2}\n', { status: 200, headers: { 'content-type': 'application/x-ndjson', etag: '"v1"' } });
      case '/base/not-modified':
        return new Response(null, { status: 304 });
      case '/base/html':
        return new Response('<h1>bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } });
    }
    await held;
    return Response.json({ success: true, data: { id: 'late', n: 0 } });
  },
});
afterAll(async () => {
  release();
  await peer.stop(true);
});

const Item = t.Object({ id: t.String(), n: t.Integer() });
const logger = createMemoryLogger();
const client = createServiceClient({ service: 'things', baseUrl: `http://127.0.0.1:${peer.port}/base/`, timeoutMs: 200, logger });

describe('createServiceClient', () => {
  it('returns the data of a success envelope that satisfies the schema, with status and headers', async () => {
    const res = await client.call('/item', { schema: Item });
    expect(res).toMatchObject({ ok: true, status: 200, data: { id: 'x1', n: 3 } });
    if (res.ok) expect(res.headers.get('x-total-count')).toBe('7');
  });

  it('keeps the path of the base URL and sends the query, skipping undefined values', async () => {
    const res = await client.call('/echo', { schema: Item, query: { q: 'react dev', page: 2, skip: undefined } });
    expect(res).toMatchObject({ ok: true, data: { id: '?q=react+dev&page=2' } });
    expect(seen.at(-1)?.url.pathname).toBe('/base/echo');
  });

  it('forwards the request id and the given headers, and sends a body as JSON', async () => {
    await client.call('/item', {
      schema: Item,
      method: 'POST',
      body: { a: 1 },
      requestId: 'req-12345678',
      headers: { 'x-country': 'DE', authorization: undefined },
    });
    const last = seen.at(-1);
    expect([last?.method, last?.headers.get('x-request-id'), last?.headers.get('x-country'), last?.headers.get('content-type')]).toEqual([
      'POST',
      'req-12345678',
      'DE',
      'application/json',
    ]);
    expect(last?.headers.has('authorization')).toBe(false);
    expect(JSON.parse(last?.body ?? '')).toEqual({ a: 1 });
  });

  it("returns the service's own error envelope with its status, code and message", async () => {
    expect(await client.call('/missing', { schema: Item })).toEqual({ ok: false, status: 404, code: 'THING_NOT_FOUND', message: 'No such thing' });
  });

  it('logs an error answer of 500 or more, but not a 4xx', async () => {
    const before = logger.lines.length;
    await client.call('/missing', { schema: Item });
    expect(logger.lines.length).toBe(before);
    expect(await client.call('/broken', { schema: Item })).toMatchObject({ ok: false, status: 500, code: 'INTERNAL' });
    expect(logger.lines.at(-1)).toMatchObject({ level: 'warn', upstream: 'things', status: 500, code: 'INTERNAL' });
  });

  it('reads tolerantly: drops a field the schema does not name (even a closed one) instead of failing', async () => {
    const Closed = t.Object({ id: t.String(), n: t.Integer() }, { additionalProperties: false });
    const res = await client.call('/newer', { schema: Closed });
    expect(res).toMatchObject({ ok: true, data: { id: 'x2', n: 4 } });
    if (res.ok) expect(Object.keys(res.data).sort()).toEqual(['id', 'n']);
  });

  it('turns data that fails the schema into UPSTREAM_ERROR (502)', async () => {
    expect(await client.call('/wrong-shape', { schema: Item })).toMatchObject({ ok: false, status: 502, code: 'UPSTREAM_ERROR' });
    expect(logger.lines.at(-1)).toMatchObject({ level: 'warn', reason: 'data fails the contract', at: '/id' });
  });

  it('turns an answer that is not an envelope into UPSTREAM_ERROR (502)', async () => {
    expect(await client.call('/html', { schema: Item })).toMatchObject({ ok: false, status: 502, code: 'UPSTREAM_ERROR' });
  });

  it('turns a slow service into UPSTREAM_TIMEOUT (504)', async () => {
    expect(await client.call('/hang', { schema: Item })).toMatchObject({ ok: false, status: 504, code: 'UPSTREAM_TIMEOUT' });
    expect(logger.lines.at(-1)).toMatchObject({ level: 'warn', reason: 'timeout', path: '/base/hang' });
  });

  it('turns a refused connection into UPSTREAM_UNAVAILABLE (503)', async () => {
    const down = createServiceClient({ service: 'down', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000, logger });
    expect(await down.call('/x', { schema: Item })).toMatchObject({
      ok: false,
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The down service is unavailable',
    });
  });

  it("sends the request scope's id when the call names none", async () => {
    await runInRequestScope({ requestId: 'scope-req-1234' }, () => client.call('/item', { schema: Item }));
    expect(seen.at(-1)?.headers.get('x-request-id')).toBe('scope-req-1234');
  });
});

describe('createServiceClient, raw mode', () => {
  it('hands back an answer that is not the envelope, body unread, with its status and headers', async () => {
    const res = await client.raw('/lines', { headers: { accept: 'application/x-ndjson' }, requestId: 'raw-req-1234' });
    if (!res.ok) throw new Error(res.code);
    expect([res.response.status, res.response.headers.get('etag'), await res.response.text()]).toEqual([200, '"v1"', '{"a":1}\n{"a":2}\n']);
    expect([seen.at(-1)?.headers.get('accept'), seen.at(-1)?.headers.get('x-request-id')]).toEqual(['application/x-ndjson', 'raw-req-1234']);
  });

  it('passes any status on (a 304 is the caller to read, not a failure)', async () => {
    const res = await client.raw('/not-modified', { headers: { 'if-none-match': '"v1"' } });
    expect(res.ok && res.response.status).toBe(304);
  });

  it('maps a timeout and a refused connection as the envelope mode does', async () => {
    expect(await client.raw('/hang', { timeoutMs: 50 })).toMatchObject({ ok: false, status: 504, code: 'UPSTREAM_TIMEOUT' });
    const down = createServiceClient({ service: 'down', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000, logger });
    expect(await down.raw('/x')).toMatchObject({ ok: false, status: 503, code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('createServiceClient, fetch mode (for libraries that fetch themselves)', () => {
  const base = `http://127.0.0.1:${peer.port}/base`;

  it('fetches a URL under the base through the client, with the request id of the scope', async () => {
    const res = await runInRequestScope({ requestId: 'fetch-req-1234' }, () => client.fetch(`${base}/lines`, { method: 'GET' }));
    expect([res.status, await res.text()]).toEqual([200, '{"a":1}\n{"a":2}\n']);
    expect(seen.at(-1)?.headers.get('x-request-id')).toBe('fetch-req-1234');
  });

  it("rejects as fetch does: a TimeoutError when the caller's signal times out, a TypeError when refused, a URL outside the base", async () => {
    expect(await client.fetch(`${base}/hang`, { signal: AbortSignal.timeout(30) }).catch((e: Error) => e.name)).toBe('TimeoutError');
    const down = createServiceClient({ service: 'down', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000, logger });
    expect(await down.fetch('http://127.0.0.1:9/x').catch((e: Error) => e.name)).toBe('TypeError');
    expect(await client.fetch('http://elsewhere.example/x').catch((e: Error) => e.message)).toContain('is not under');
  });
});
