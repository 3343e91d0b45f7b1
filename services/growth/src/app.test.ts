import { describe, expect, it } from 'bun:test';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createGrowthUnderTest } from './testing.ts';

describe('the growth app', () => {
  it('answers /healthz and reports its document and key-value stores in /readyz', async () => {
    const { call } = await createGrowthUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'growth' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.dependencies).toEqual({
      documents: { status: 'up', required: true, kind: 'embedded' },
      keyValue: { status: 'up', required: true, kind: 'embedded' },
    });
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const { call } = await createGrowthUnderTest({ documents: down });
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.dependencies.documents.status).toBe('down');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createGrowthUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('describes every /api operation with an id, a description and named schemas, and keeps OFREP and internal routes out', async () => {
    const { call } = await createGrowthUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Flag', 'Lead', 'ExperimentResults', 'TrackBatch']));
    const paths = Object.keys(doc.paths);
    expect(paths.sort()).toEqual([
      '/consents',
      '/experiments/exposures',
      '/experiments/{key}/results',
      '/flags',
      '/flags/{key}',
      '/flags/{key}/history',
      '/leads',
      '/leads/{id}',
      '/track',
    ]);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; description?: string }>>)) {
      for (const op of Object.values(ops)) {
        expect(op.operationId, path).toBeString();
        expect(op.description, path).toBeString();
      }
    }
  });
});
