import { afterAll, describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import { createUpstreamClient } from './upstream.ts';

let release: () => void = () => {};
const held = new Promise<void>((r) => {
  release = r;
});
/** Headers of each request, copied while it is live (Bun clears a served request afterwards). */
const seen: Headers[] = [];
const peer = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    seen.push(new Headers(req.headers));
    const { pathname } = new URL(req.url);
    if (pathname === '/prefix/ok') return Response.json({ success: true, data: 'under the prefix' });
    if (pathname === '/ok') return Response.json({ success: true, data: { echo: new URL(req.url).search } }, { headers: { 'x-total-count': '7' } });
    if (pathname === '/missing') return Response.json({ success: false, error: { code: 'SERVICE_NOT_FOUND', message: 'No such service' } }, { status: 404 });
    if (pathname === '/html') return new Response('<h1>oops</h1>', { status: 500 });
    await held;
    return Response.json({ success: true, data: 'late' });
  },
});
afterAll(async () => {
  release();
  await peer.stop(true);
});

const base = `http://127.0.0.1:${peer.port}`;
const client = createUpstreamClient({
  upstreams: { catalog: base, talent: 'http://127.0.0.1:9', bookings: 'http://127.0.0.1:9' },
  fetch: globalThis.fetch,
  upstreamTimeoutMs: 200,
  logger: silentLogger,
});
const ctx = { requestId: 'req-12345678', country: 'DE', lang: 'de', authorization: 'Bearer abc' };

describe('createUpstreamClient', () => {
  it('returns the envelope data and headers, forwarding locale, request id and token', async () => {
    const res = await client.call<{ echo: string }>('catalog', '/ok', ctx, { query: { search: 'react dev', page: 2, skip: undefined } });
    expect(res).toMatchObject({ ok: true, status: 200, data: { echo: '?search=react+dev&page=2' } });
    if (res.ok) expect(res.headers.get('x-total-count')).toBe('7');
    const h = seen.at(-1);
    expect([h?.get('x-country'), h?.get('x-lang'), h?.get('x-request-id'), h?.get('authorization')]).toEqual(['DE', 'de', 'req-12345678', 'Bearer abc']);
  });

  it('keeps a path in the service base URL, as the /api proxy does', async () => {
    const prefixed = createUpstreamClient({
      upstreams: { catalog: `${base}/prefix/`, talent: base, bookings: base },
      fetch: globalThis.fetch,
      upstreamTimeoutMs: 200,
      logger: silentLogger,
    });
    expect(await prefixed.call('catalog', '/ok', ctx)).toMatchObject({ ok: true, status: 200, data: 'under the prefix' });
  });

  it('returns an error envelope as an error result with its status, code and message', async () => {
    expect(await client.call('catalog', '/missing', ctx)).toEqual({ ok: false, status: 404, code: 'SERVICE_NOT_FOUND', message: 'No such service' });
  });

  it('turns an answer that is not an envelope into UPSTREAM_ERROR', async () => {
    expect(await client.call('catalog', '/html', ctx)).toMatchObject({ ok: false, status: 502, code: 'UPSTREAM_ERROR' });
  });

  it('turns a slow service into UPSTREAM_TIMEOUT', async () => {
    expect(await client.call('catalog', '/hang', ctx)).toMatchObject({ ok: false, status: 504, code: 'UPSTREAM_TIMEOUT' });
  });

  it('turns a refused connection into UPSTREAM_UNAVAILABLE', async () => {
    expect(await client.call('talent', '/internal/talent-index', ctx)).toMatchObject({ ok: false, status: 503, code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('answers UPSTREAM_UNAVAILABLE without a call for a service it has no address for', async () => {
    const before = seen.length;
    expect(await client.call('search', '/search', ctx, { query: { q: 'react' } })).toEqual({
      ok: false,
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The search service is unavailable',
    });
    expect(seen.length).toBe(before);
  });
});
