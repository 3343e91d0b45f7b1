import { beforeAll, describe, expect, it } from 'bun:test';
import { mergeOpenApiParts } from './merge.ts';
import type { OpenApiDoc } from './normalize-document.ts';
import { fixtureAuthApp, fixtureCatalogApp, fixtureTalentApp } from './testing/fixture-services.ts';

type Json = Record<string, any>;

async function partOf(app: { handle(r: Request): Promise<Response> }): Promise<OpenApiDoc> {
  return (await app.handle(new Request('http://localhost/openapi/json'))).json() as Promise<OpenApiDoc>;
}

let parts: { auth: OpenApiDoc; catalog: OpenApiDoc; talent: OpenApiDoc };
beforeAll(async () => {
  parts = { auth: await partOf(fixtureAuthApp()), catalog: await partOf(fixtureCatalogApp()), talent: await partOf(fixtureTalentApp()) };
});

const merge = (p: Partial<typeof parts>, onConflict?: (m: string) => void) =>
  mergeOpenApiParts(p, { publicSiteUrl: 'https://tm.example/', onConflict }) as Json;

describe('mergeOpenApiParts', () => {
  it('serves the API under the public site URL ending in /api, at version 1.0.0', () => {
    const doc = merge(parts);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: 'https://tm.example/api', description: 'The public API through the gateway (PUBLIC_SITE_URL)' }]);
    expect(doc.info.version).toBe('1.0.0');
  });

  it('keeps each service description and every tag description', () => {
    const doc = merge(parts);
    expect(doc.info.description).toContain('Catalog fixture: prices are integer minor units.');
    expect(doc.info.description).toContain('Talent fixture: public profiles.');
    expect(doc.tags).toContainEqual({ name: 'Services', description: 'Services operations' });
    expect(doc.paths['/services'].get.description).toBe('Paginated; totals in X-Total-Count (fixture choice).');
  });

  it('leaves out paths the gateway does not route to that service', () => {
    const doc = merge(parts);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/internal'))).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('internalUsers');
  });

  it('leaves out /healthz and /readyz even when a service part describes them', () => {
    const copy = structuredClone(parts.catalog) as Json;
    const probe = { get: { operationId: 'probe', responses: { 200: { description: 'ok' } } } };
    copy.paths['/healthz'] = probe;
    copy.paths['/readyz'] = { get: { ...probe.get, operationId: 'ready' } };
    const doc = merge({ ...parts, catalog: copy as OpenApiDoc });
    expect(Object.keys(doc.paths).filter((p) => /healthz|readyz/.test(p))).toEqual([]);
  });

  it("adds the gateway's own failures: 502/503/504 on every operation, 408 and 413 where a body is taken", () => {
    const doc = merge(parts);
    for (const item of Object.values<Json>(doc.paths)) {
      for (const op of Object.values<Json>(item)) {
        expect(op.responses['502']).toEqual({ $ref: '#/components/responses/BadGateway' });
        expect(op.responses['503']).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });
        expect(op.responses['504']).toEqual({ $ref: '#/components/responses/GatewayTimeout' });
        const takesBody = op.requestBody !== undefined;
        expect({ op: op.operationId, has408: op.responses['408'] !== undefined, has413: op.responses['413'] !== undefined }).toEqual({
          op: op.operationId,
          has408: takesBody,
          has413: takesBody,
        });
      }
    }
  });

  it('puts the rate-limit headers on every response and a 429 with Retry-After on every operation', () => {
    const doc = merge(parts);
    for (const item of Object.values<Json>(doc.paths)) {
      for (const op of Object.values<Json>(item)) {
        expect(op.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
        for (const response of Object.values<Json>(op.responses)) {
          const headers = response.$ref ? doc.components.responses[response.$ref.split('/').pop()].headers : response.headers;
          expect(Object.keys(headers)).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
        }
      }
    }
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
  });

  it('answers 400 on every operation that takes a body, and references the shared error envelope', () => {
    const doc = merge(parts);
    expect(doc.paths['/auth/send-otp'].post.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(doc.paths['/jobs/pricing'].post.responses['400']).toBeDefined();
    expect(doc.components.schemas.ErrorEnvelope.properties.error).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('adds the 404 the spec lists when a service did not describe it', () => {
    const copy = structuredClone(parts.talent) as Json;
    delete copy.paths['/pm/{id}/profile'].get.responses['404'];
    const doc = merge({ talent: copy as OpenApiDoc });
    expect(doc.paths['/pm/{id}/profile'].get.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });

  it('uses the shared X-Country and X-Lang parameters where the spec names them, with Content-Language', () => {
    const doc = merge(parts);
    const params = (path: string) => doc.paths[path].get.parameters.map((p: Json) => p.$ref ?? p.name);
    expect(params('/services')).toEqual(expect.arrayContaining(['#/components/parameters/XCountry', '#/components/parameters/XLang']));
    expect(params('/services/catalog')).toEqual(['#/components/parameters/XCountry']);
    expect(params('/services/{id}/quote')).toContain('#/components/parameters/XCountry');
    expect(params('/services/{id}')).not.toContain('x-lang');
    expect(doc.paths['/services/{id}'].get.responses['200'].headers['Content-Language']).toEqual({ $ref: '#/components/headers/Content-Language' });
    expect(doc.components.parameters.XCountry.schema.enum).toEqual(['IN', 'AE', 'DE', 'US', 'AU']);
  });

  it('requires the bearer scheme on protected areas and describes their 401 and 403', () => {
    const doc = merge(parts);
    const me = doc.paths['/account/me'].get;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(me.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(me.parameters).toBeUndefined(); // Authorization is the security scheme's business
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/services'].get.security).toBeUndefined();
  });

  it('renames a schema that two services name alike, references included', () => {
    const doc = merge(parts);
    expect(doc.components.schemas.Quote.properties.total).toBeDefined();
    expect(doc.components.schemas.TalentQuote.properties.somethingElse).toBeDefined();
  });

  it('names the missing services in info.description when a part is absent', () => {
    const doc = merge({ catalog: parts.catalog });
    expect(doc.info['x-missing-services']).toEqual(['auth', 'talent', 'bookings', 'messaging', 'content', 'reviews', 'search', 'growth', 'assistant']);
    expect(doc.info.description).toContain(
      '**Incomplete document:** the auth, talent, bookings, messaging, content, reviews, search, growth, assistant services could not be asked',
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/auth'))).toBe(false);
    expect(doc.paths['/services/catalog']).toBeDefined();
  });

  it('describes a request body the service left without a media type as a JSON object', () => {
    const copy = structuredClone(parts.auth) as Json;
    copy.paths['/auth/send-otp'].post.requestBody = { content: {}, required: true };
    const doc = merge({ auth: copy as OpenApiDoc });
    expect(doc.paths['/auth/send-otp'].post.requestBody.content['application/json'].schema).toMatchObject({ type: 'object' });
  });

  it('keeps the first of two operations with one operationId and reports the second', () => {
    const copy = structuredClone(parts.talent) as Json;
    copy.paths['/talent/sitemap'].get.operationId = 'listServiceCatalog';
    const conflicts: string[] = [];
    const doc = merge({ catalog: parts.catalog, talent: copy as OpenApiDoc }, (m) => conflicts.push(m));
    expect(doc.paths['/talent/sitemap']).toBeUndefined();
    expect(conflicts).toEqual(['talent: GET /talent/sitemap (listServiceCatalog) is already described; kept the first']);
  });
});
