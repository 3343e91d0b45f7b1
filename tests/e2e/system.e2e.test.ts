/**
 * The whole system as a newcomer starts it (`bun scripts/start.ts`: eleven real processes on
 * 127.0.0.1, embedded stores), exercised only through the gateway's public surface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { rawHttpExchange, rawHttpJson } from '@tm/shared/testing';
import { pollUntil, type RunningSystem, startSystem } from './support/system.ts';

let sys: RunningSystem;
beforeAll(async () => {
  sys = await startSystem();
}, 60_000);
afterAll(async () => {
  await sys?.stop();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${sys.gateway}/api${path}`, init);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
async function errorCode(res: Response): Promise<string> {
  const body = await res.json();
  expect(body.success).toBe(false);
  expect(typeof body.error.message).toBe('string');
  return body.error.code;
}

describe('catalog and pricing through the gateway', () => {
  it('lists services a page at a time with totals in headers and localized copy', async () => {
    const res = await api('/services?page=2&limit=5', { headers: { 'X-Country': 'DE', 'X-Lang': 'de-DE', 'X-Request-Id': 'e2e-list-0001' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('e2e-list-0001');
    expect(res.headers.get('content-language')).toBe('de');
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(30);
    expect(res.headers.get('link')).toContain('rel="next"');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(res.headers.get(h)).toMatch(/^\d+$/);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(5);
    expect(body.data[0].pricing.currency).toBe('EUR');
  });

  it('gives pickers exactly _id, slug and name of the services offered in the market', async () => {
    const res = await api('/services/catalog', { headers: { 'X-Country': 'US' } });
    const { data } = await res.json();
    expect(data.length).toBeGreaterThanOrEqual(30);
    for (const entry of data) expect(Object.keys(entry).sort()).toEqual(['_id', 'name', 'slug']);
    expect(data.map((e: { slug: string }) => e.slug)).not.toContain('ecommerce-store-build');
  });

  it('finds one service by slug or by id, with PM previews from the talent service', async () => {
    const bySlug = await (await api('/services/react-developer', { headers: { 'X-Country': 'IN' } })).json();
    const byId = await (await api(`/services/${bySlug.data._id}`)).json();
    expect(byId.data.slug).toBe('react-developer');
    expect(bySlug.data.pricing.currency).toBe('INR');
    expect(bySlug.data.availablePms.length).toBeGreaterThan(0);
    expect(bySlug.data.availablePms[0]).toHaveProperty('displayName');
  });

  it('prices 120 hours of a React developer in Germany in euro cents with 19 % VAT', async () => {
    const res = await api('/services/react-developer/quote?hours=120', { headers: { 'X-Country': 'DE' } });
    const { data: q } = await res.json();
    expect(q.currency).toBe('EUR');
    const [line] = q.lines;
    expect(line.amount).toBe(line.unitAmount * 120);
    expect(q.subtotal).toBe(line.amount);
    expect(q.tax.amount).toBe(Math.round((q.subtotal * 1900) / 10_000));
    expect(q.total).toBe(q.subtotal + q.tax.amount);
    expect(Date.parse(q.validUntil)).toBeGreaterThan(Date.now());
  });

  it('prices a cart in the caller market', async () => {
    const res = await post(
      '/jobs/pricing',
      {
        items: [
          { serviceId: 'react-developer', hours: 40 },
          { serviceId: 'devops-engineer', hours: 10 },
        ],
      },
      { 'X-Country': 'AU' },
    );
    expect(res.status).toBe(200);
    const { data: q } = await res.json();
    expect(q.currency).toBe('AUD');
    expect(q.lines).toHaveLength(2);
    expect(q.subtotal).toBe(q.lines[0].amount + q.lines[1].amount);
  });

  it('answers every bad input with a 400 envelope and a distinct code', async () => {
    expect(await errorCode(await api('/services', { headers: { 'X-Country': 'FR' } }))).toBe('INVALID_COUNTRY');
    expect(await errorCode(await api('/services?limit=101'))).toBe('INVALID_LIMIT');
    expect(await errorCode(await api('/services?page=0'))).toBe('INVALID_PAGE');
    expect(await errorCode(await api('/services/react-developer/quote?hours=-1'))).toBe('INVALID_HOURS');
    expect(await errorCode(await api('/services/react-developer/quote?qty=2.5'))).toBe('INVALID_QTY');
    expect(await errorCode(await post('/jobs/pricing', '{"items": ['))).toBe('MALFORMED_JSON');
    expect(await errorCode(await post('/jobs/pricing', { items: [] }))).toBe('INVALID_CART');
    expect(await errorCode(await post('/jobs/pricing', { items: [{ serviceId: 'cobol-wizard', hours: 1 }] }))).toBe('UNKNOWN_SERVICE');
  });

  it('answers an unknown service and an unknown path with 404 envelopes', async () => {
    const missing = await api('/services/cobol-wizard');
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe('SERVICE_NOT_FOUND');
    const nowhere = await api('/nowhere');
    expect(nowhere.status).toBe(404);
    expect(await errorCode(nowhere)).toBe('ROUTE_NOT_FOUND');
    expect(nowhere.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
  });
});

describe('requests fetch cannot make', () => {
  const port = () => Number(new URL(sys.gateway).port);

  it('routes by path whatever the Host (a two-letter compose name included)', async () => {
    for (const host of ['gw', 'g', 'gateway.internal:8080']) {
      const answer = await rawHttpExchange(port(), `GET /api/services/catalog HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer).toStartWith('HTTP/1.1 200');
      expect((rawHttpJson(answer) as { data: { slug: string }[] }).data.map((s) => s.slug)).toContain('react-developer');
    }
  });

  it('answers a request without Host with 400 MISSING_HOST in the envelope', async () => {
    const answer = await rawHttpExchange(port(), 'GET /api/services/catalog HTTP/1.0\r\n\r\n');
    expect(answer).toStartWith('HTTP/1.1 400');
    expect(rawHttpJson(answer)).toMatchObject({ success: false, error: { code: 'MISSING_HOST' } });
  });
});

describe('talent through the gateway', () => {
  it('serves PM profiles and the talent sitemap without contact data', async () => {
    const { data: slugs } = await (await api('/talent/sitemap')).json();
    expect(slugs.length).toBeGreaterThan(10);
    const profile = await api(`/talent/${slugs[0]}`);
    expect(profile.status).toBe(200);
    const text = await profile.text();
    expect(text).not.toMatch(/@[a-z0-9-]+\.[a-z]{2,}/i);
    const unknown = await api('/pm/nobody-at-all/profile');
    expect(unknown.status).toBe(404);
  });
});

describe('sign-in through the gateway', () => {
  const mobile = '+4915112345678';

  it('signs a customer in by SMS code read from the dev outbox, and guards the account area', async () => {
    const sent = await post('/auth/send-otp', { mobile });
    expect(sent.status).toBe(200);
    expect((await sent.json()).data).toEqual({ sent: true });
    const sms = await sys.waitForLog((l) => l.msg === 'sms (dev outbox)' && l.to === mobile);
    const otp = String(sms.text).match(/\b(\d{6})\b/)?.[1];
    expect(otp).toMatch(/^\d{6}$/);

    const verified = await post('/auth/verify-otp', { mobile, otp });
    expect(verified.status).toBe(200);
    const { data: session } = await verified.json();
    expect(session.tokenType).toBe('Bearer');
    expect(session.user.role).toBe('customer');

    expect((await api('/account/me')).status).toBe(401);
    const me = await api('/account/me', { headers: { Authorization: `Bearer ${session.accessToken}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).data).toMatchObject({ id: session.user.id, role: 'customer' });

    // A refresh token is never an access token.
    expect((await api('/account/me', { headers: { Authorization: `Bearer ${session.refreshToken}` } })).status).toBe(401);
    const refreshed = await post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(Object.keys((await refreshed.json()).data)).toEqual(['accessToken']);

    const booking = await api('/bookings', { headers: { Authorization: `Bearer ${session.accessToken}` } });
    expect(booking.status).toBe(200);
    expect((await booking.json()).data).toEqual([]);
    expect(booking.headers.get('x-total-count')).toBe('0');

    // Signing out revokes the session: auth checks it on /account/me even while the gateway still trusts the token.
    const bearer = { Authorization: `Bearer ${session.accessToken}` };
    expect((await api('/account/sign-out', { method: 'POST', headers: bearer })).status).toBe(200);
    expect((await api('/account/me', { headers: bearer })).status).toBe(401);
    const refreshAfter = await post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshAfter.status).toBe(400);
    expect(await errorCode(refreshAfter)).toBe('INVALID_REFRESH_TOKEN');
  });

  it('gives guests a low-privilege token that payments refuse', async () => {
    const guest = await post('/auth/guest-access', {});
    const { data } = await guest.json();
    expect(data.user.role).toBe('guest');
    const payments = await api('/payments/intents', { method: 'POST', headers: { Authorization: `Bearer ${data.accessToken}` } });
    expect(payments.status).toBe(403);
    expect(await errorCode(payments)).toBe('FORBIDDEN');
  });
});

describe('agent-facing documents at the site root', () => {
  it('serves the OpenAPI description with every spec operation', async () => {
    const doc = await (await fetch(`${sys.gateway}/openapi.json`)).json();
    expect(doc.openapi).toMatch(/^3\.0\./);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of ['sendOtp', 'listServices', 'quoteJob', 'getPmProfile', 'getTalentProfile']) expect(ids).toContain(id);
  });

  it('serves the sitemap and llms files with links under PUBLIC_SITE_URL', async () => {
    const sitemap = await fetch(`${sys.gateway}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    expect(await sitemap.text()).toContain('<loc>https://talent.example/services/react-developer</loc>');
    const llms = await fetch(`${sys.gateway}/llms.txt`);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await llms.text()).startsWith('# ')).toBe(true);
    expect(llms.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('answers MCP tools/list over JSON-RPC', async () => {
    const res = await fetch(`${sys.gateway}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const json = JSON.parse(text.startsWith('{') ? text : (text.match(/^data: (.*)$/m)?.[1] ?? '{}'));
    const names = json.result.tools.map((t: { name: string }) => t.name);
    expect(names).toContain('quote_service');
  });
});

describe('the newer services through the gateway', () => {
  it("reaches each one's own process: an unknown path under its area is the service's 404, not the gateway's", async () => {
    // The gateway's own 404 names the /api path; a service's names the path it was sent (no /api).
    const areas: [string, string][] = [
      ['/chat/nope', 'messaging'],
      ['/legal/x/y/z', 'content'],
      ['/reviews/x/y/z', 'reviews'],
      ['/search/x/y', 'search'],
      ['/leads/x/y/z', 'growth'],
      ['/chatbot/x/y', 'assistant'],
    ];
    const token = (await (await post('/auth/guest-access', {})).json()).data.accessToken as string;
    for (const [path, service] of areas) {
      const res = await api(path, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      expect({ service, status: res.status, code: body.error?.code, message: body.error?.message }).toEqual({
        service,
        status: 404,
        code: 'ROUTE_NOT_FOUND',
        message: `No route for GET ${path}`,
      });
    }
    const ready = await (await fetch(`${sys.gateway}/readyz`)).json();
    for (const [, service] of areas) expect({ service, status: ready.dependencies[service]?.status }).toEqual({ service, status: 'up' });
  });

  it('sends /ofrep/v1 at the site root to growth, and asks a token for chat', async () => {
    const res = await fetch(`${sys.gateway}/ofrep/v1/nope`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    expect((await res.json()).error?.message).toBe('No route for POST /ofrep/v1/nope');
    expect((await api('/chat/conversations')).status).toBe(401);
  });
});

describe('the chatbot as a newcomer gets it (no model key)', () => {
  it('prices "two React developers for three months in Germany" from the catalog, fallback: true', async () => {
    const created = await (await post('/chatbot/sessions', {})).json();
    const { id, secret } = created.data;
    const res = await post(
      `/chatbot/sessions/${id}/messages`,
      { text: 'I need two React developers for three months in Germany, what would it cost?', clientMessageId: 'newcomer-1' },
      { 'x-chatbot-secret': secret },
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()).data;
    const direct = (await (await api('/services/react-developer/quote?hours=480&qty=2', { headers: { 'X-Country': 'DE' } })).json()).data;
    expect(answer.fallback).toBe(true);
    expect(answer.quote.total).toBe(direct.total);
    expect(answer.answer).toContain('3 months at 160 hours a month = 480 hours');
    expect(answer.sources[0].url).toBe('https://talent.example/services/react-developer');
  });
});

describe('a service that dies', () => {
  it('costs only its own routes (503 envelope) and comes back under the supervisor', async () => {
    const pid = sys.pidOf('catalog');
    expect(pid).toBeNumber();
    process.kill(pid as number, 'SIGKILL');
    const outage = await pollUntil(
      async () => {
        const res = await api('/services/catalog');
        return res.status === 503 ? res : undefined;
      },
      5_000,
      'catalog to be reported unavailable',
    );
    expect(await errorCode(outage)).toBe('UPSTREAM_UNAVAILABLE');
    expect((await api('/talent/sitemap')).status).toBe(200);
    await pollUntil(async () => ((await api('/services/catalog')).status === 200 ? true : undefined), 20_000, 'catalog to be back');
    expect(sys.pidOf('catalog')).not.toBe(pid);
  });
});
