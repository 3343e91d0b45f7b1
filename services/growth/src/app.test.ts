import { describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp } from './app.ts';
import { createGrowthUnderTest } from './testing.ts';

describe('the growth app', () => {
  it('answers /healthz and reports its document store in /readyz', async () => {
    const { call } = createGrowthUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'growth' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', service: 'growth', dependencies: { documents: { status: 'up', required: true, kind: 'embedded' } } });
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const res = await createApp({ documents: down, logger: silentLogger }).handle(new Request('http://localhost/readyz'));
    expect(res.status).toBe(503);
    expect((await res.json()).dependencies.documents.status).toBe('down');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = createGrowthUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('serves its OpenAPI part without health or internal routes', async () => {
    const { call } = createGrowthUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Growth');
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/internal') || p === '/healthz' || p === '/readyz')).toEqual([]);
  });
});
