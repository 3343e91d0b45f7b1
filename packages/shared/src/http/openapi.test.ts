import { describe, expect, test } from 'bun:test';
import { Elysia, t } from 'elysia';
import { documentedHeaders, LocaleHeadersSchema, serviceOpenApi } from './openapi.ts';

function appWith(headers: ReturnType<typeof documentedHeaders>) {
  return new Elysia()
    .use(serviceOpenApi({ title: 'test', description: 'test', tags: [] }))
    .get('/things', ({ request }) => ({ code: request.headers.get('x-code') }), { headers, query: t.Object({ page: t.Optional(t.String()) }) });
}

describe('documentedHeaders', () => {
  test('the headers are described in the OpenAPI document beside the query parameters', async () => {
    const app = appWith(LocaleHeadersSchema);
    const doc = (await (await app.handle(new Request('http://localhost/openapi/json'))).json()) as {
      paths: Record<string, { get: { parameters: { name: string; in: string; required: boolean; schema: { description?: string } }[] } }>;
    };
    const parameters = doc.paths['/things']?.get.parameters ?? [];
    expect(parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['query:page:false', 'header:x-country:false', 'header:x-lang:false']);
    expect(parameters.find((p) => p.name === 'x-country')?.schema.description).toContain('INVALID_COUNTRY');
  });

  test('they are not checked by the router: the route reads and checks its own', async () => {
    // A constraint the router would refuse with 422 if it checked the headers.
    const app = appWith(documentedHeaders({ 'x-code': t.Optional(t.String({ minLength: 5 })) }));
    const many: Record<string, string> = { 'x-code': 'ab' };
    for (let i = 0; i < 20; i++) many[`x-extra-${i}`] = String(i);
    const res = await app.handle(new Request('http://localhost/things?page=2', { headers: many }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 'ab' });
  });

  test('the same schema without documentedHeaders is checked (what the test above relies on)', async () => {
    const checked = new Elysia().get('/things', () => 'ok', { headers: t.Object({ 'x-code': t.Optional(t.String({ minLength: 5 })) }) });
    const res = await checked.handle(new Request('http://localhost/things', { headers: { 'x-code': 'ab' } }));
    expect(res.status).toBe(422);
  });
});
