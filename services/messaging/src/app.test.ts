import { describe, expect, it } from 'bun:test';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createMessagingUnderTest } from './testing.ts';

describe('the messaging app', () => {
  it('answers /healthz and reports its stores in /readyz', async () => {
    const { call } = await createMessagingUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'messaging' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      service: 'messaging',
      dependencies: { documents: { status: 'up', required: true, kind: 'embedded' }, keyValue: { status: 'up', required: true, kind: 'embedded' } },
    });
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const { call } = await createMessagingUnderTest({ documents: down });
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.dependencies.documents.status).toBe('down');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createMessagingUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('serves its OpenAPI part without health or internal routes, every chat operation, the stream marked as an event stream', async () => {
    const { call } = await createMessagingUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Messaging');
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.filter((p) => p.startsWith('/internal') || p === '/healthz' || p === '/readyz')).toEqual([]);
    expect(paths.sort()).toEqual([
      '/chat/conversations',
      '/chat/stream-tickets',
      '/chat/{bookingId}/messages',
      '/chat/{bookingId}/messages/{messageId}',
      '/chat/{bookingId}/read',
      '/chat/{bookingId}/stream',
    ]);
    expect(doc.paths['/chat/{bookingId}/stream'].get['x-event-stream']).toEqual({ $ref: '#/components/schemas/ChatStreamEvent' });
  });
});
