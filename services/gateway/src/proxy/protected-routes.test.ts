import { describe, expect, it } from 'bun:test';
import { gatewayTestPeers, req, testGateway, upstreamsAt } from '../testing/gateway.ts';

const env = gatewayTestPeers();

const gateway = () => env.gateway();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('protected prefixes without a valid access token', () => {
  const paths = ['/api/bookings', '/api/payments/123', '/api/chat', '/api/account/me'];

  it('answers 401 UNAUTHORIZED with WWW-Authenticate when no token is sent', async () => {
    const gw = gateway();
    for (const path of paths) {
      const res = await gw.handle(req(path));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await codeOf(res)).toBe('UNAUTHORIZED');
    }
  });

  it('answers 401 for malformed, expired, refresh and alg-none tokens', async () => {
    const gw = gateway();
    const expired = await env.issuer.mint({}, { nowS: Math.floor(Date.now() / 1000) - 2000 });
    const refresh = await env.issuer.mint({ typ: 'refresh' });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${(await env.issuer.mint()).split('.')[1]}.`;
    for (const authorization of ['Bearer', 'Bearer garbage', 'Basic dTpw', `Bearer ${expired}`, `Bearer ${refresh}`, `Bearer ${none}`]) {
      const res = await gw.handle(req('/api/bookings', { headers: { authorization } }));
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await codeOf(res)).toBe('UNAUTHORIZED');
    }
  });

  it('answers 503 UPSTREAM_UNAVAILABLE when the JWKS cannot be fetched', async () => {
    const gw = testGateway({ upstream: env.peer.url, jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json' });
    const res = await gw.handle(req('/api/bookings', { headers: bearer(await env.issuer.mint()) }));
    expect(res.status).toBe(503);
    expect(await codeOf(res)).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe('roles on protected prefixes', () => {
  it('lets a guest start a booking (forwarded to bookings) but not pay', async () => {
    const token = await env.issuer.mint({ role: 'guest' });
    const res = await gateway().handle(req('/api/bookings', { method: 'POST', headers: bearer(token) }));
    expect(res.status).toBe(200);
    const pay = await gateway().handle(req('/api/payments', { method: 'POST', headers: bearer(token) }));
    expect(pay.status).toBe(403);
  });

  it('forwards /api/payments/webhooks/* without a token', async () => {
    const before = env.peer.seen.length;
    const res = await gateway().handle(
      req('/api/payments/webhooks/stripe', { method: 'POST', body: '{"id":"evt_1"}', headers: { 'content-type': 'application/json' } }),
    );
    expect(res.status).toBe(200);
    expect(env.peer.seen.length).toBe(before + 1);
    expect((await gateway().handle(req('/api/payments/webhooks', { method: 'POST' }))).status).toBe(401);
  });

  it('answers 403 FORBIDDEN to a guest on payments and the rest of account', async () => {
    const token = await env.issuer.mint({ role: 'guest' });
    const gw = gateway();
    for (const [method, path] of [
      ['POST', '/api/payments'],
      ['PATCH', '/api/account/me'],
      ['GET', '/api/account/addresses'],
    ] as const) {
      const res = await gw.handle(req(path, { method, headers: bearer(token) }));
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe('FORBIDDEN');
    }
  });

  it('proxies GET /api/account/me to auth for a guest and a customer', async () => {
    const gw = env.gateway({ upstreams: { ...upstreamsAt(env.peer.url), auth: `${env.peer.url}/auth-svc` } });
    for (const role of ['guest', 'customer']) {
      const token = await env.issuer.mint({ role });
      const res = await gw.handle(req('/api/account/me', { headers: bearer(token) }));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { path: string } }).data.path).toBe('/auth-svc/account/me');
      expect(env.peer.seen.at(-1)!.headers.get('authorization')).toBe(`Bearer ${token}`);
    }
  });

  it('answers 501 NOT_IMPLEMENTED after the token check for a customer on unimplemented operations', async () => {
    const token = await env.issuer.mint({ role: 'customer' });
    const gw = gateway();
    const before = env.peer.seen.length;
    for (const path of ['/api/account/addresses', '/api/account/orders/o1']) {
      const res = await gw.handle(req(path, { headers: bearer(token) }));
      expect(res.status).toBe(501);
      expect(await codeOf(res)).toBe('NOT_IMPLEMENTED');
    }
    expect(env.peer.seen.length).toBe(before);
  });

  it('forwards chat to messaging for every signed-in role, guests included (design/chat.md)', async () => {
    const gw = env.gateway({ upstreams: { ...upstreamsAt(env.peer.url), messaging: `${env.peer.url}/messaging-svc` } });
    for (const role of ['guest', 'customer', 'pm', 'admin']) {
      const res = await gw.handle(req('/api/chat/conversations', { headers: bearer(await env.issuer.mint({ role })) }));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { path: string } }).data.path).toBe('/messaging-svc/chat/conversations');
    }
  });

  it('asks a token for the signed-in and admin operations of the newer areas, and none for their public ones', async () => {
    const gw = gateway();
    const signedIn: [string, string][] = [
      ['GET', '/api/chat/conversations'],
      ['POST', '/api/legal/acceptances'],
      ['GET', '/api/legal/pending'],
      ['POST', '/api/legal/terms/versions'],
      ['PUT', '/api/i18n/de/common'],
      ['POST', '/api/content/pages'],
      ['PATCH', '/api/content/pages/p1'],
      ['POST', '/api/reviews'],
      ['POST', '/api/reviews/r1/report'],
      ['POST', '/api/reviews/r1/hide'],
      ['GET', '/api/reviews/mine'],
      ['GET', '/api/search/misses'],
      ['GET', '/api/flags'],
      ['PUT', '/api/flags/new-checkout'],
      ['GET', '/api/flags/new-checkout/history'],
      ['GET', '/api/experiments/new-checkout/results'],
      ['GET', '/api/leads'],
      ['PATCH', '/api/leads/l1'],
    ];
    for (const [method, path] of signedIn)
      expect({ method, path, status: (await gw.handle(req(path, { method }))).status }).toEqual({ method, path, status: 401 });
    const open: [string, string][] = [
      ['GET', '/api/legal/terms'],
      ['GET', '/api/i18n/de/common'],
      ['GET', '/api/content/pages'],
      ['GET', '/api/reviews/summary'],
      ['GET', '/api/search'],
      ['POST', '/api/experiments/exposures'],
      ['POST', '/api/track'],
      ['PUT', '/api/consents'],
      ['POST', '/api/leads'],
      ['POST', '/api/chatbot/sessions'],
    ];
    for (const [method, path] of open) expect({ method, path, status: (await gw.handle(req(path, { method }))).status }).toEqual({ method, path, status: 200 });
  });

  it('does not treat look-alike paths as protected', async () => {
    const res = await gateway().handle(req('/api/chatter'));
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('ROUTE_NOT_FOUND');
  });
});
