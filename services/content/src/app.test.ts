import { describe, expect, it } from 'bun:test';
import { silentLogger, systemClock } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createCallerVerifier } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import { createApp } from './app.ts';
import { createCallerReader } from './auth/caller.ts';
import { createContentUnderTest } from './testing.ts';

const callers = createCallerReader(
  createCallerVerifier({ keys: async () => new Uint8Array(32), clock: systemClock, revocations: createFixedRevocationView() }),
);

describe('the content app', () => {
  it('answers /healthz and reports its document store in /readyz', async () => {
    const { call } = await createContentUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'content' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', service: 'content', dependencies: { documents: { status: 'up', required: false, kind: 'embedded' } } });
  });

  it('answers 503 from /readyz when the document store is down and nothing was read yet', async () => {
    const down: DocumentStore = { ...createEmbeddedDocumentStore(), ping: async () => false };
    const res = await createApp({ documents: down, logger: silentLogger, callers }).handle(new Request('http://localhost/readyz'));
    expect(res.status).toBe(503);
    expect((await res.json()).dependencies.documents.status).toBe('down');
  });

  it('answers 503 from /readyz until main.ts has set the store up', async () => {
    let setUp = false;
    const { deps, parts } = await createContentUnderTest();
    const app = createApp({ ...deps, isSetUp: () => setUp }, parts);
    expect((await app.handle(new Request('http://localhost/readyz'))).status).toBe(200);
    const down: DocumentStore = { ...deps.documents, collection: deps.documents.collection.bind(deps.documents), ping: async () => false };
    const gated = createApp({ ...deps, documents: down, isSetUp: () => setUp }, parts);
    expect((await gated.handle(new Request('http://localhost/readyz'))).status).toBe(503);
    setUp = true;
    expect((await gated.handle(new Request('http://localhost/readyz'))).status).toBe(200);
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createContentUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('serves its OpenAPI part without health or internal routes, every public operation', async () => {
    const { call } = await createContentUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Content');
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/internal') || p === '/healthz' || p === '/readyz')).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/legal/{type}', '/legal/acceptances', '/i18n/{lang}/{namespace}', '/content/pages/{ref}']));
  });
});
