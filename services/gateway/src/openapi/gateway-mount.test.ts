import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createApp } from '../app.ts';
import { req, testDeps } from '../testing/gateway.ts';
import { serveRealServices } from './testing/service-parts.ts';

let services: Awaited<ReturnType<typeof serveRealServices>>;
let gateway: ReturnType<typeof createApp>;

beforeAll(async () => {
  services = await serveRealServices();
  const { upstreams } = services;
  gateway = createApp(
    testDeps({ upstream: upstreams.catalog, jwksUrl: `${upstreams.auth}/.well-known/jwks.json`, upstreams, publicSiteUrl: 'https://tm.example' }),
  );
});
afterAll(() => services.stop());

describe('the OpenAPI routes mounted in the gateway', () => {
  it('serve /openapi.json as a document, not an envelope, with the rate-limit headers and a request id', async () => {
    const res = await gateway.handle(req('/openapi.json'));
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[] };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers[0]?.url).toBe('https://tm.example/api');
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-request-id']) expect(res.headers.get(h)).not.toBeNull();
  });

  it('document X-Country as accepted in any letter case, which the API honours (de is DE, fr is a 400)', async () => {
    const doc = (await (await gateway.handle(req('/openapi.json'))).json()) as {
      components: { parameters: Record<string, { description: string; schema: { enum: string[] } }> };
    };
    const country = doc.components.parameters.XCountry;
    expect(country?.schema.enum).toEqual(['IN', 'AE', 'DE', 'US', 'AU']);
    expect(country?.description).toContain('any letter case');
    const lower = await gateway.handle(req('/api/services/catalog', { headers: { 'x-country': 'de' } }));
    expect(lower.status).toBe(200);
    const unknown = await gateway.handle(req('/api/services/catalog', { headers: { 'x-country': 'fr' } }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('INVALID_COUNTRY');
  });

  it('leave the health, readiness and gateway-own routes out of the public document', async () => {
    const text = await (await gateway.handle(req('/openapi.json'))).text();
    const doc = JSON.parse(text) as { paths: Record<string, unknown> };
    for (const path of ['/healthz', '/readyz', '/openapi.json', '/openapi/json', '/docs', '/mcp', '/llms.txt'])
      expect(Object.keys(doc.paths)).not.toContain(path);
    expect(text).not.toMatch(/healthz|readyz/);
  });

  it('serve /docs and its assets through the same policy', async () => {
    const page = await gateway.handle(req('/docs'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('ratelimit-limit')).not.toBeNull();
    const css = await gateway.handle(req('/docs/assets/swagger-ui.css'));
    expect(css.status).toBe(200);
    expect((await css.text()).length).toBeGreaterThan(10_000);
  });
});
