import { afterEach, describe, expect, it } from 'bun:test';
import { silentLogger, stableId } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTalentClient } from './talent/client.ts';
import { createTestCatalog, samplePreview } from './test-support.ts';

const servers: { stop(force?: boolean): unknown }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true);
});

describe('catalog app', () => {
  it('routes by path behind a short Host (the root app uses SERVICE_APP_CONFIG)', async () => {
    const res = await (await createTestCatalog()).app.handle(new Request('http://ab/healthz'));
    expect(res.status).toBe(200);
  });

  it('reports the read model and the document store in /readyz', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/readyz');
    expect(res.status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      service: 'catalog',
      // With a snapshot built, the store is no longer required (the catalog answers from it).
      dependencies: { readModel: { status: 'up', required: true }, documents: { status: 'up', required: false, kind: 'embedded' } },
    });
  });

  it('answers 503 on /readyz, with the reason, until the read model is built, and 200 once it is', async () => {
    const { json } = await createTestCatalog({ lazy: true });
    const before = await json('/readyz');
    expect(before.res.status).toBe(503);
    expect(before.body).toMatchObject({
      status: 'unavailable',
      reason: 'the read model lists, quotes and the picker are answered from is not built yet',
      dependencies: { readModel: { status: 'down', required: true }, documents: { status: 'up', required: true } },
    });
    // Without main.ts, the first read builds it.
    expect((await json('/services/catalog')).res.status).toBe(200);
    expect((await json('/readyz')).res.status).toBe(200);
  });

  it('answers 503 on /readyz when the document store is down before any snapshot, and 200 degraded once one serves', async () => {
    const store = createEmbeddedDocumentStore();
    let up = false;
    const flaky: DocumentStore = { ...store, kind: store.kind, collection: store.collection.bind(store), ping: async () => up };
    const { json } = await createTestCatalog({ documents: flaky, lazy: true });
    const { res, body } = await json('/readyz');
    expect(res.status).toBe(503);
    expect(body.dependencies.documents.status).toBe('down');
    up = true;
    await json('/services/catalog');
    up = false;
    const degraded = await json('/readyz');
    expect(degraded.res.status).toBe(200);
    expect(degraded.body).toMatchObject({ status: 'degraded', reason: 'documents is down', dependencies: { documents: { status: 'down', required: false } } });
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const { call } = await createTestCatalog();
    const res = await call('/services/catalog', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers.get('x-request-id')).toBe('req-12345678');
  });

  it('answers 404 ROUTE_NOT_FOUND in the envelope for unknown paths', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/nothing-here');
    expect(res.status).toBe(404);
    expect(body.error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('lists every active service in English at /internal/service-index', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/internal/service-index');
    expect(res.status).toBe(200);
    expect(body.data).toHaveLength(33);
    expect(body.data.find((e: { slug: string }) => e.slug === 'golang-developer')).toEqual({
      _id: stableId('service', 'golang-developer'),
      slug: 'golang-developer',
      kind: 'role',
      category: 'backend',
      name: 'Go Developer',
      summary: 'Go engineers for high-throughput services, CLIs and cloud tooling.',
      markets: ['IN', 'AE', 'DE', 'US'],
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('describes operations 10-14 in its OpenAPI document and hides internal routes', async () => {
    const { json } = await createTestCatalog();
    const { res, body } = await json('/openapi/json');
    expect(res.status).toBe(200);
    const ops = Object.values(body.paths as Record<string, Record<string, { operationId?: string; description?: string; responses?: object }>>)
      .flatMap((p) => Object.values(p))
      .filter((o) => o.operationId);
    expect(ops.map((o) => o.operationId).sort()).toEqual(['getService', 'listServiceCatalog', 'listServices', 'quoteJob', 'quoteService']);
    for (const o of ops) {
      expect(o.description?.length).toBeGreaterThan(50);
      expect(Object.keys(o.responses ?? {})).toContain('400');
    }
    expect(Object.keys(body.paths)).not.toContain('/internal/service-index');
    expect(JSON.stringify(body)).toContain('roundHalfUp(unitAmount x billedHours) x qty');
  });

  it('shows PM previews from a real talent peer on the detail, passing the request id on', async () => {
    const ids: (string | null)[] = [];
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => (ids.push(req.headers.get('x-request-id')), Response.json({ success: true, data: [samplePreview()] })),
    });
    servers.push(server);
    const talent = createTalentClient({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 2_000, logger: silentLogger });
    const { json } = await createTestCatalog({ talent });
    const { res, body } = await json('/services/react-developer', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.status).toBe(200);
    expect(body.data.availablePms).toEqual([samplePreview()]);
    expect(ids).toEqual(['trace-abc-123']);
  });

  it('still answers the detail with no previews when the talent peer is slow', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: async () => {
        await held;
        return Response.json({ success: true, data: [samplePreview()] });
      },
    });
    servers.push(server);
    const talent = createTalentClient({ baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs: 50, logger: silentLogger });
    const { json } = await createTestCatalog({ talent });
    const { res, body } = await json('/services/react-developer');
    release();
    expect(res.status).toBe(200);
    expect(body.data.availablePms).toEqual([]);
  });

  it('still answers the detail with no previews when talent is not running', async () => {
    const talent = createTalentClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, logger: silentLogger });
    const { json } = await createTestCatalog({ talent });
    const { res, body } = await json('/services/react-developer');
    expect(res.status).toBe(200);
    expect(body.data.availablePms).toEqual([]);
  });
});
