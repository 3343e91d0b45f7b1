import { describe, expect, it } from 'bun:test';
import { silentLogger } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp } from './app.ts';
import { createSeededApp } from './testing.ts';

const { get } = await createSeededApp();

describe('health and readiness', () => {
  it('routes by path behind a short Host (the root app uses SERVICE_APP_CONFIG)', async () => {
    const res = await (await createSeededApp()).app.handle(new Request('http://ab/healthz'));
    expect(res.status).toBe(200);
  });

  it('reports the directory and the document store in /readyz', async () => {
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ready',
      service: 'talent',
      dependencies: { directory: { status: 'up', required: true }, documents: { status: 'up', required: true, kind: 'embedded' } },
    });
  });

  it('answers 503 from /readyz, with the reason, until the directory is built, and 200 once it is', async () => {
    const app = createApp({ documents: createEmbeddedDocumentStore(), logger: silentLogger });
    const before = await app.handle(new Request('http://localhost/readyz'));
    expect(before.status).toBe(503);
    expect(await before.json()).toMatchObject({
      status: 'unavailable',
      reason: 'the directory searches and the sitemap are answered from is not built yet',
      dependencies: { directory: { status: 'down', required: true }, documents: { status: 'up' } },
    });
    // Without main.ts, the first search builds it.
    expect((await app.handle(new Request('http://localhost/talent/sitemap'))).status).toBe(200);
    expect((await app.handle(new Request('http://localhost/readyz'))).status).toBe(200);
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const res = await createApp({ documents: down, logger: silentLogger }).handle(new Request('http://localhost/readyz'));
    expect(res.status).toBe(503);
    expect((await res.json()).dependencies.documents.status).toBe('down');
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const res = await get('/talent/sitemap', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
  });
});

describe('OpenAPI description', () => {
  it('documents the four public operations with the spec operation ids and error envelopes', async () => {
    const doc = await (await get('/openapi/json')).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; tags: string[] }>>);
    const byId = Object.fromEntries(ops.map(([path, methods]) => [methods.get?.operationId, { path, op: methods.get }]));
    expect(byId.getPmProfile?.path).toBe('/pm/{id}/profile');
    expect(byId.getResourceProfile?.path).toBe('/resource/{id}/profile');
    expect(byId.listTalentSitemap?.path).toBe('/talent/sitemap');
    expect(byId.getTalentProfile?.path).toBe('/talent/{slug}');
    for (const id of ['getPmProfile', 'getResourceProfile', 'getTalentProfile']) {
      expect(Object.keys(byId[id]?.op.responses ?? {}).sort()).toEqual(['200', '404', '429']);
    }
    expect(Object.keys(byId.listTalentSitemap?.op.responses ?? {}).sort()).toEqual(['200', '429']);
  });

  it('keeps internal and health routes out of the public description', async () => {
    const doc = await (await get('/openapi/json')).json();
    expect(Object.keys(doc.paths).sort()).toEqual(['/pm/{id}/profile', '/resource/{id}/profile', '/talent', '/talent/sitemap', '/talent/{slug}']);
  });
});
