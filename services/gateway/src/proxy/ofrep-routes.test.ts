import { afterAll, describe, expect, it } from 'bun:test';
import { req, testGateway, upstreamsAt } from '../testing/gateway.ts';
import { closedUrl } from '../testing/peers.ts';
import { startTestIssuer } from '../testing/tokens.ts';

/** A stand-in for growth's OFREP answers: its own shapes, never the envelope. */
const seen: { path: string; authorization: string | null; forwardedFor: string | null }[] = [];
const growth = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    const { pathname } = new URL(request.url);
    seen.push({ path: pathname, authorization: request.headers.get('authorization'), forwardedFor: request.headers.get('x-forwarded-for') });
    if (pathname === '/ofrep/v1/evaluate/flags') {
      if (request.headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304, headers: { etag: '"v1"' } });
      return Response.json({ flags: [{ key: 'dark-mode', value: true, reason: 'STATIC' }] }, { headers: { etag: '"v1"' } });
    }
    if (pathname === '/ofrep/v1/evaluate/flags/missing') return Response.json({ key: 'missing', errorCode: 'FLAG_NOT_FOUND' }, { status: 404 });
    if (pathname === '/ofrep/v1/evaluate/flags/broken') return Response.json({ errorDetails: 'store away' }, { status: 500 });
    return Response.json({ key: pathname.split('/').at(-1), value: 'b', variant: 'b', reason: 'SPLIT' });
  },
});
const issuer = await startTestIssuer();
afterAll(async () => {
  await growth.stop(true);
  await issuer.stop();
});

const gateway = (growthUrl = `http://127.0.0.1:${growth.port}`) =>
  testGateway({ upstream: closedUrl(), jwksUrl: issuer.jwksUrl, upstreams: { ...upstreamsAt(closedUrl()), growth: growthUrl } });
const post = (path: string, headers: Record<string, string> = {}) =>
  req(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ context: { deviceId: 'd1' } }) });

describe('/ofrep/v1 at the site root', () => {
  it("passes growth's OFREP answers through unchanged (no envelope), with the gateway's headers", async () => {
    const res = await gateway().handle(post('/ofrep/v1/evaluate/flags'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ flags: [{ key: 'dark-mode', value: true, reason: 'STATIC' }] });
    expect(res.headers.get('etag')).toBe('"v1"');
    expect(res.headers.get('ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-request-id')).toBeString();
    expect(seen.at(-1)).toMatchObject({ path: '/ofrep/v1/evaluate/flags', forwardedFor: 'unknown' });
  });

  it('keeps 304, 404 FLAG_NOT_FOUND and a 500 with OFREP error details as growth sent them', async () => {
    const gw = gateway();
    const cached = await gw.handle(post('/ofrep/v1/evaluate/flags', { 'if-none-match': '"v1"' }));
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    const missing = await gw.handle(post('/ofrep/v1/evaluate/flags/missing'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ key: 'missing', errorCode: 'FLAG_NOT_FOUND' });
    const broken = await gw.handle(post('/ofrep/v1/evaluate/flags/broken'));
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ errorDetails: 'store away' });
  });

  it('needs no token and passes a sent one on to growth, which reads the user from it', async () => {
    const token = await issuer.mint({ role: 'customer' });
    const res = await gateway().handle(post('/ofrep/v1/evaluate/flags/checkout', { authorization: `Bearer ${token}` }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'checkout', value: 'b', variant: 'b', reason: 'SPLIT' });
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${token}`);
  });

  it("answers OFREP's general error when growth cannot be reached, and leaves other paths to the 404", async () => {
    const down = await gateway(closedUrl()).handle(post('/ofrep/v1/evaluate/flags'));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ errorCode: 'GENERAL', errorDetails: expect.any(String) });
    const other = await gateway().handle(post('/ofrep/v2/evaluate/flags'));
    expect(other.status).toBe(404);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('ROUTE_NOT_FOUND');
  });
});
