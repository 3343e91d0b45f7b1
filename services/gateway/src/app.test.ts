import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createApp as createCatalogApp, noTalent, seedServices } from '@tm/catalog/testing';
import { silentLogger, systemClock } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { req, testGateway, upstreamsAt } from './testing/gateway.ts';
import { closedUrl } from './testing/peers.ts';
import { startTestIssuer, type TestIssuer } from './testing/tokens.ts';

// The real catalog service on 127.0.0.1:0 behind the gateway; auth and talent are not running.
let catalog: { stop(closeActive?: boolean): Promise<unknown> | unknown; server: { port?: number } | null };
let catalogUrl: string;
let issuer: TestIssuer;
beforeAll(async () => {
  const documents = createEmbeddedDocumentStore();
  await seedServices(documents);
  catalog = createCatalogApp({ documents, talent: noTalent, clock: systemClock, logger: silentLogger }).listen({ hostname: '127.0.0.1', port: 0 });
  catalogUrl = `http://127.0.0.1:${catalog.server?.port}`;
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await catalog.stop(true);
  await issuer.stop();
});

const gateway = () => {
  const down = closedUrl();
  return testGateway({ upstream: down, jwksUrl: issuer.jwksUrl, upstreams: { ...upstreamsAt(down), catalog: catalogUrl } });
};
const json = async (res: Response) => (await res.json()) as { success: boolean; data?: unknown; error?: { code: string } };

describe('the gateway in front of the real catalog service', () => {
  it('routes by path behind a short Host (the root app uses SERVICE_APP_CONFIG)', async () => {
    const res = await gateway().handle(new Request('http://gw/api/services/catalog'));
    expect(res.status).toBe(200);
  });

  it('serves the catalog list in the envelope with rate-limit headers and the request id', async () => {
    const res = await gateway().handle(req('/api/services/catalog', { headers: { 'x-country': 'DE', 'x-request-id': 'e2e-request-0001' } }));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(res.headers.get('x-request-id')).toBe('e2e-request-0001');
    expect(res.headers.get('ratelimit-limit')).toBe('300');
  });

  it('keeps the service Vary (X-Country, X-Lang) and adds Origin for a cross-origin caller', async () => {
    const res = await gateway().handle(req('/api/services/catalog', { headers: { 'x-country': 'DE', origin: 'https://app.example' } }));
    const vary = (res.headers.get('vary') ?? '').toLowerCase();
    expect(vary).toContain('x-country');
    expect(vary).toContain('x-lang');
    expect(vary).toContain('origin');
  });

  it('prices a cart posted through it', async () => {
    const res = await gateway().handle(
      req('/api/jobs/pricing', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ serviceId: 'react-developer', hours: 10 }] }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await json(res)).success).toBe(true);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await gateway().handle(req('/api/jobs/pricing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"items": [' }));
    expect(res.status).toBe(400);
    expect((await json(res)).error?.code).toBe('MALFORMED_JSON');
  });

  it('answers a body that fails validation with 400, never 422', async () => {
    const res = await gateway().handle(req('/api/jobs/pricing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"items":"many"}' }));
    expect(res.status).toBe(400);
    expect((await json(res)).success).toBe(false);
  });

  it('keeps the catalog 404 envelope for an unknown slug', async () => {
    const res = await gateway().handle(req('/api/services/no-such-service'));
    expect(res.status).toBe(404);
    expect((await json(res)).success).toBe(false);
  });

  it('answers 503 UPSTREAM_UNAVAILABLE for a service that is not running', async () => {
    const res = await gateway().handle(req('/api/talent/sitemap'));
    expect(res.status).toBe(503);
    expect((await json(res)).error?.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('reports per-dependency status on /readyz and stays 200 while it can serve', async () => {
    const res = await gateway().handle(req('/readyz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'degraded',
      dependencies: { catalog: { status: 'up' }, auth: { status: 'down' }, talent: { status: 'down' } },
    });
  });

  it('applies the global policy to the site-root documents too', async () => {
    const gw = gateway();
    for (const path of ['/openapi.json', '/docs', '/agent.txt', '/llms.txt', '/llms-full.txt', '/sitemap.xml']) {
      const res = await gw.handle(req(path));
      expect(res.headers.get('ratelimit-limit')).toBe('300');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    const mcp = await gw.handle(
      req('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' }),
    );
    expect(mcp.headers.get('ratelimit-limit')).toBe('300');
  });

  it('counts a valid token per sub on /mcp and the site files as on the API', async () => {
    const token = await issuer.mint({ sub: 'agent-user' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const gw = gateway();
    const mcp = await gw.handle(req('/mcp', { method: 'POST', headers, body: '{}' }));
    expect(mcp.headers.get('ratelimit-policy')).toBe('"authenticated";q=600;w=60');
    const llms = await gw.handle(req('/llms.txt', { headers: { authorization: `Bearer ${token}` } }));
    expect(llms.headers.get('ratelimit-remaining')).toBe('598');
  });
});
