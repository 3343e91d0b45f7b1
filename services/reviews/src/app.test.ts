import { describe, expect, it } from 'bun:test';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createReviewsUnderTest } from './testing.ts';

describe('the reviews app', () => {
  it('answers /healthz and reports its document store in /readyz', async () => {
    const { call } = await createReviewsUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'reviews' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', service: 'reviews', dependencies: { documents: { status: 'up', required: true, kind: 'embedded' } } });
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const { call } = await createReviewsUnderTest({ documents: down });
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.dependencies.documents.status).toBe('down');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createReviewsUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it("serves its OpenAPI part declaring the contract's schemas, without health or internal routes", async () => {
    const { call } = await createReviewsUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Reviews');
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/internal') || p === '/healthz' || p === '/readyz')).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/reviews',
        '/reviews/summary',
        '/reviews/moderation',
        '/reviews/{id}',
        '/reviews/{id}/reply',
        '/reviews/{id}/report',
        '/reviews/{id}/hide',
        '/reviews/{id}/restore',
      ]),
    );
    // Operations declare the contract's schemas (titled), which the gateway's document names as components.
    const created = doc.paths['/reviews'].post;
    expect(created.requestBody.content['application/json'].schema.title).toBe('CreateReviewRequest');
    expect(JSON.stringify(created.responses['201'])).toContain('"title":"Review"');
  });
});
