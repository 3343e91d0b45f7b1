import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { GATEWAY_ERROR_STATUS } from '@tm/contracts';
import { createManualClock, createMemoryLogger, silentLogger } from '@tm/shared';
import { serviceBase } from '@tm/shared/http';
import { Elysia } from 'elysia';
import type { Upstreams } from '../site-deps.ts';
import { upstreamsAt } from '../testing/gateway.ts';
import { SPEC_OPERATIONS } from './public-api.ts';
import { createOpenApiRoutes } from './routes.ts';
import { deadUrl, realServiceApps, serveOnLoopback, serveRealServices } from './testing/service-parts.ts';

type Json = Record<string, any>;

/** Spec section 4: the request-body fields of each operation that takes a body. */
const SPEC_BODY_FIELDS: Record<string, string[]> = {
  sendOtp: ['mobile'],
  verifyOtp: ['mobile', 'otp'],
  verifyWidgetToken: ['token'],
  staffPasswordLogin: ['identifier', 'password'],
  idpSignIn: ['idToken'],
  refreshSession: ['refreshToken'],
  forgotPassword: ['email'],
  resetPassword: ['token', 'newPassword'],
  quoteJob: ['items'],
};

let services: Awaited<ReturnType<typeof serveRealServices>>;
let live: Upstreams;

beforeAll(async () => {
  services = await serveRealServices();
  live = services.upstreams;
});
afterAll(() => services.stop());

/** The gateway's site routes as the gateway mounts them, behind the shared service base. */
function gateway(upstreams: Upstreams) {
  const clock = createManualClock();
  const logger = createMemoryLogger('gateway');
  const app = new Elysia()
    .use(serviceBase({ service: 'gateway', logger: silentLogger, errorStatus: GATEWAY_ERROR_STATUS }))
    .use(createOpenApiRoutes({ upstreams, fetch: globalThis.fetch, publicSiteUrl: 'https://tm.example', upstreamTimeoutMs: 2000, logger, clock }));
  const get = (path: string) => app.handle(new Request(`http://localhost${path}`));
  return { get, clock, logger };
}

describe('GET /openapi.json with every service up', () => {
  let res: Response;
  let doc: Json;
  beforeAll(async () => {
    res = await gateway(live).get('/openapi.json');
    doc = (await res.json()) as Json;
  });

  it('is a valid OpenAPI 3.0 document', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('application/json');
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.0.3');
  });

  it('describes each of the 18 spec operations with its method and path', () => {
    expect(SPEC_OPERATIONS).toHaveLength(18);
    for (const spec of SPEC_OPERATIONS) {
      expect({ id: spec.operationId, found: doc.paths[spec.path]?.[spec.method]?.operationId }).toEqual({ id: spec.operationId, found: spec.operationId });
    }
  });

  it('gives every spec operation a JSON success schema', () => {
    const without = SPEC_OPERATIONS.filter((s) => typeof doc.paths[s.path][s.method].responses['200']?.content?.['application/json']?.schema !== 'object');
    expect(without.map((s) => s.operationId)).toEqual([]);
  });

  it('describes the request fields the spec names for every operation that takes a body', () => {
    const described = Object.fromEntries(
      Object.keys(SPEC_BODY_FIELDS).map((id) => {
        const s = SPEC_OPERATIONS.find((o) => o.operationId === id);
        const declared = doc.paths[s?.path ?? ''][s?.method ?? 'post'].requestBody?.content?.['application/json']?.schema ?? {};
        // Bodies that are contract shapes are named components the operation refers to.
        const schema = declared.$ref ? doc.components.schemas[declared.$ref.split('/').pop()] : declared;
        return [id, Object.keys(schema.properties ?? {}).filter((f) => SPEC_BODY_FIELDS[id]?.includes(f))];
      }),
    );
    expect(described).toEqual(SPEC_BODY_FIELDS);
  });

  it('names the server as the public site URL plus /api, at version 1.0.0', () => {
    expect(doc.servers[0].url).toBe('https://tm.example/api');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info['x-missing-services']).toBeUndefined();
  });

  it("keeps the services' own descriptions", () => {
    expect(doc.info.description).toContain('Bookable services, market pricing and quotes');
    expect(doc.info.description).toContain('Public profiles of project managers');
    expect(doc.tags.map((t: Json) => t.name)).toEqual(expect.arrayContaining(['Services', 'Pricing', 'Talent']));
  });

  it('carries the 400, 404 and 429 responses the spec lists, with Retry-After on 429', () => {
    const responses = (id: string) => {
      const s = SPEC_OPERATIONS.find((o) => o.operationId === id);
      return doc.paths[s?.path ?? ''][s?.method ?? 'get'].responses as Json;
    };
    for (const spec of SPEC_OPERATIONS) expect(Object.keys(responses(spec.operationId))).toContain('429');
    for (const id of ['sendOtp', 'verifyOtp', 'resetPassword', 'quoteJob']) expect(Object.keys(responses(id))).toContain('400');
    for (const id of ['getService', 'getPmProfile', 'getResourceProfile']) expect(Object.keys(responses(id))).toContain('404');
    expect(Object.keys(doc.components.responses.TooManyRequests.headers)).toContain('Retry-After');
  });

  it('puts the localization headers where the spec names them', () => {
    const refs = (path: string) => (doc.paths[path].get.parameters as Json[]).map((p) => p.$ref);
    for (const path of ['/services', '/services/{id}'])
      expect(refs(path)).toEqual(expect.arrayContaining(['#/components/parameters/XCountry', '#/components/parameters/XLang']));
    for (const path of ['/services/catalog', '/services/{id}/quote']) expect(refs(path)).toContain('#/components/parameters/XCountry');
    expect(Object.keys(doc.paths['/services'].get.responses['200'].headers)).toContain('Content-Language');
  });

  it('describes the pagination headers GET /services answers with', () => {
    const headers = doc.paths['/services'].get.responses['200'].headers as Json;
    expect(headers['X-Total-Count']).toEqual({ $ref: '#/components/headers/X-Total-Count' });
    expect(headers.Link).toEqual({ $ref: '#/components/headers/Link' });
    expect(doc.components.headers['X-Total-Count'].schema.type).toBe('integer');
    expect(doc.components.headers.Link.schema.type).toBe('string');
    expect(Object.keys(doc.paths['/services/catalog'].get.responses['200'].headers)).not.toContain('X-Total-Count');
  });

  it('requires the bearer scheme on GET /account/me', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.paths['/account/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/services'].get.security).toBeUndefined();
  });

  it('lets clients cache a complete document for a minute', () => {
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('GET /openapi.json when services are down', () => {
  it('answers with the parts it has and says in info.description which are missing', async () => {
    const { get } = gateway({ ...live, talent: deadUrl() });
    const res = await get('/openapi.json');
    const doc = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(doc.info['x-missing-services']).toEqual(['talent']);
    expect(doc.info.description).toContain('**Incomplete document:** the talent service could not be asked');
    expect(doc.paths['/talent/sitemap']).toBeUndefined();
    expect(doc.paths['/services/catalog'].get.operationId).toBe('listServiceCatalog');
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  it('keeps serving the last good part of a service that went down, refreshing in the background', async () => {
    const talent = serveOnLoopback((await realServiceApps()).talent);
    const { get, clock, logger } = gateway({ ...live, talent: talent.url, bookings: talent.url });
    expect(((await (await get('/openapi.json')).json()) as Json).paths['/talent/sitemap']).toBeDefined();
    talent.stop();
    clock.advance(61_000);
    const stale = (await (await get('/openapi.json')).json()) as Json;
    expect(stale.paths['/talent/sitemap'].get.operationId).toBe('listTalentSitemap');
    const failedRefresh = () => logger.lines.some((l) => l.msg === 'openapi part unavailable' && l.service === 'talent' && l.cached === true);
    for (let i = 0; i < 200 && !failedRefresh(); i++) await new Promise((r) => setTimeout(r, 5)); // bounded poll
    expect(failedRefresh()).toBe(true);
    const after = (await (await get('/openapi.json')).json()) as Json;
    expect(after.info['x-missing-services']).toBeUndefined();
    expect(after.paths['/talent/{slug}'].get.operationId).toBe('getTalentProfile');
  });

  it('answers 503 in the envelope when no service can be asked', async () => {
    const dead = deadUrl();
    const res = await gateway(upstreamsAt(dead)).get('/openapi.json');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'OPENAPI_UNAVAILABLE', message: 'No service could be asked for its API description; try again shortly' },
    });
  });
});

describe('GET /docs', () => {
  it('serves Swagger UI pointed at /openapi.json, with its assets from the gateway itself', async () => {
    const { get } = gateway(live);
    const page = await get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<script src="/docs/assets/swagger-ui-bundle.js"');
    expect(html).not.toContain('https://');
    const init = await get('/docs/assets/docs-init.js');
    expect(await init.text()).toContain("url: '/openapi.json'");
    const bundle = await get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const css = await get('/docs/assets/swagger-ui.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 in the envelope for a file that is not a docs asset', async () => {
    const res = await gateway(live).get('/docs/assets/package.json');
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.code).toBe('ROUTE_NOT_FOUND');
  });
});
