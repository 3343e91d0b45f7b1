import { describe, expect, it } from 'bun:test';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { parseMetrics, sampleValue, waitFor } from '@tm/shared/testing';
import { createAssistantUnderTest } from './testing.ts';

describe('the assistant app', () => {
  it('answers /healthz and reports its stores in /readyz', async () => {
    const { call } = await createAssistantUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'assistant' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      service: 'assistant',
      dependencies: { documents: { status: 'up', required: true, kind: 'embedded' }, keyValue: { status: 'up', required: true, kind: 'embedded' } },
    });
  });

  it('answers 503 from /readyz when the document store is down', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const res = await (await createAssistantUnderTest({ documents: down })).call('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body.dependencies.documents.status).toBe('down');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createAssistantUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('serves its OpenAPI part without health or internal routes', async () => {
    const { call } = await createAssistantUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Assistant');
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/internal') || p === '/healthz' || p === '/readyz')).toEqual([]);
  });

  it('counts its requests by route template on GET /metrics', async () => {
    const t = await createAssistantUnderTest();
    const { id, secret } = (await t.call('POST', '/chatbot/sessions', { body: {} })).body.data;
    await t.call('POST', `/chatbot/sessions/${id}/messages`, { body: { text: 'hello', clientMessageId: 'm1' }, headers: { 'x-chatbot-secret': secret } });
    const counted = async () =>
      sampleValue(parseMetrics((await t.call('GET', '/metrics')).text), 'http_requests_total', {
        method: 'POST',
        route: '/chatbot/sessions/:id/messages',
        status: '200',
      });
    // A request is counted once its answer is sent (after-response hook): poll, bounded.
    await waitFor('the message counted', async () => (await counted()) === 1);
  });
});
