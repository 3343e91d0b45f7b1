import { describe, expect, it } from 'bun:test';
import { createSearchUnderTest } from './testing.ts';

describe('the search app', () => {
  it('answers /healthz and reports its store, its index and each upstream index in /readyz', async () => {
    const { call } = await createSearchUnderTest();
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok', service: 'search' });
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.dependencies).toEqual({
      documents: { status: 'up', required: true, kind: 'embedded' },
      index: { status: 'up', required: true },
      catalog: { status: 'up', required: false },
      talent: { status: 'up', required: false },
      content: { status: 'up', required: false },
    });
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the error envelope, with a request id', async () => {
    const { call } = await createSearchUnderTest();
    const res = await call('GET', '/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'ROUTE_NOT_FOUND', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeString();
  });

  it('serves its OpenAPI part with named schemas and without health or internal routes', async () => {
    const { call } = await createSearchUnderTest();
    const doc = (await call('GET', '/openapi/json')).body;
    expect(doc.info.title).toBe('Search');
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual(['/search', '/search/misses', '/search/suggest']);
    expect(JSON.stringify(doc)).toContain('SearchHit');
  });
});
