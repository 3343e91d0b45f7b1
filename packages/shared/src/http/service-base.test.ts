import { afterAll, describe, expect, it } from 'bun:test';
import { Elysia, t } from 'elysia';
import { createServiceClient } from '../client/service-client.ts';
import { DomainError } from '../core/errors.ts';
import { createMemoryLogger, silentLogger } from '../core/logger.ts';
import { currentRequestScope } from '../core/request-scope.ts';
import { UNMATCHED_ROUTE } from '../telemetry/service-metrics.ts';
import { createTelemetry } from '../telemetry/telemetry.ts';
import { waitFor } from '../testing/poll.ts';
import { parseMetrics, sampleValue } from '../testing/prometheus.ts';
import { rawHttpExchange, rawHttpJson } from '../testing/raw-http.ts';
import type { MetricsPolicy } from './metrics-access.ts';
import { pathOfUrl, requestIdOf, SERVICE_APP_CONFIG, serviceBase } from './service-base.ts';

/** The made-up codes of the demo service (its table lists only the first two). */
type DemoCode = 'THING_NOT_FOUND' | 'COOLDOWN' | 'NOT_IN_THE_TABLE';

function build(readyDown = false) {
  const logger = createMemoryLogger('demo');
  const app = new Elysia()
    .use(
      serviceBase({
        service: 'demo',
        logger,
        errorStatus: { THING_NOT_FOUND: 404, COOLDOWN: 400 },
        readiness: {
          documents: { check: async () => true, required: true },
          cache: { check: async () => !readyDown, required: false },
        },
      }),
    )
    .get('/thing', () => {
      throw new DomainError<DemoCode>('THING_NOT_FOUND', 'No such thing');
    })
    .get('/slow-down', () => {
      throw new DomainError<DemoCode>('COOLDOWN', 'Wait', 12.2);
    })
    .get('/unlisted', () => {
      throw new DomainError<DemoCode>('NOT_IN_THE_TABLE', 'Nobody gave this code a status');
    })
    .get('/crash', () => {
      throw new Error('database password is hunter2');
    })
    .post('/echo', ({ body }) => body, { body: t.Object({ n: t.Integer({ minimum: 1 }) }) })
    .post('/named', ({ body }) => body, { body: t.Object({ name: t.String() }) })
    // A stored document of the wrong shape (an ObjectId _id inserted by hand) reaching a typed answer.
    .get('/stored', () => ({ id: { $oid: '65f0c0ffee' } }) as unknown as { id: string }, { response: t.Object({ id: t.String() }) });
  return { app, logger };
}

const req = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);
const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('serviceBase', () => {
  it('maps a domain error to its status and the envelope', async () => {
    const res = await build().app.handle(req('/thing'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: { code: 'THING_NOT_FOUND', message: 'No such thing' } });
  });

  it('answers a domain error whose code has no status in the table as a logged 500, never a guessed status', async () => {
    const { app, logger } = build();
    const res = await app.handle(req('/unlisted'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    expect(logger.lines.some((l) => l.level === 'error' && l.errorCode === 'NOT_IN_THE_TABLE')).toBe(true);
  });

  it('sends Retry-After in whole seconds when the error carries one', async () => {
    const res = await build().app.handle(req('/slow-down'));
    expect(res.status).toBe(400);
    expect(res.headers.get('retry-after')).toBe('13');
  });

  it('hides internal causes behind INTERNAL and logs them', async () => {
    const { app, logger } = build();
    const res = await app.handle(req('/crash'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text).error.code).toBe('INTERNAL');
    expect(logger.lines.some((l) => String(l.error).includes('hunter2'))).toBe(true);
  });

  it('answers a response that fails its own schema with 500 INTERNAL and logs it, never blaming the caller with a 400', async () => {
    const { app, logger } = build();
    const res = await app.handle(req('/stored'));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, error: { code: 'INTERNAL', message: 'Something went wrong on our side' } });
    expect(logger.lines.some((l) => l.msg === 'response failed its schema')).toBe(true);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON and schema failures with 400 VALIDATION_FAILED', async () => {
    const { app } = build();
    const bad = await app.handle(req('/echo', json('{"n":')));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('MALFORMED_JSON');
    const invalid = await app.handle(req('/echo', json('{"n":0}')));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers bodies that would crash validation (deep nesting, an own toString) with 400 VALIDATION_FAILED', async () => {
    const { app } = build();
    const deep = await app.handle(req('/named', json(`{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`)));
    expect(deep.status).toBe(400);
    expect((await deep.json()).error.code).toBe('VALIDATION_FAILED');
    const own = await app.handle(req('/named', json('{"name":{"toString":1}}')));
    expect(own.status).toBe(400);
    expect((await own.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await build().app.handle(req('/nowhere'));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('echoes a well-formed request id and logs one line per request with it', async () => {
    const { app, logger } = build();
    const res = await app.handle(req('/echo', { ...json('{"n":2}'), headers: { 'content-type': 'application/json', 'x-request-id': 'abc-12345678' } }));
    expect(res.headers.get('x-request-id')).toBe('abc-12345678');
    const deadline = Date.now() + 1_000;
    while (!logger.lines.some((l) => l.requestId === 'abc-12345678') && Date.now() < deadline) await Bun.sleep(5);
    const line = logger.lines.find((l) => l.requestId === 'abc-12345678');
    expect(line).toMatchObject({ msg: 'request', method: 'POST', path: '/echo', status: 200, service: 'demo' });
    expect(typeof line?.durationMs).toBe('number');
  });

  it('reports readiness per dependency: degraded while only optional ones are down', async () => {
    const up = await build().app.handle(req('/readyz'));
    expect(up.status).toBe(200);
    expect((await up.json()).status).toBe('ready');
    const degraded = await build(true).app.handle(req('/readyz'));
    expect(degraded.status).toBe(200);
    const body = await degraded.json();
    expect(body.status).toBe('degraded');
    expect(body.dependencies.cache.status).toBe('down');
    expect(body.reason).toBe('cache is down');
    expect((await (await build().app.handle(req('/readyz'))).json()).reason).toBeUndefined();
  });

  it('answers 503 with the reason of each required check that fails, its own words first', async () => {
    let built = false;
    const app = new Elysia().use(
      serviceBase({
        service: 'demo',
        logger: createMemoryLogger('demo'),
        errorStatus: {},
        readiness: {
          cache: { check: async () => false, required: false },
          snapshot: { check: async () => built, required: true, reason: 'the snapshot reads are answered from is being built' },
        },
      }),
    );
    const building = await app.handle(req('/readyz'));
    expect(building.status).toBe(503);
    expect(await building.json()).toMatchObject({
      status: 'unavailable',
      reason: 'the snapshot reads are answered from is being built; cache is down',
      dependencies: { snapshot: { status: 'down', required: true } },
    });
    built = true;
    const ready = await app.handle(req('/readyz'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded', reason: 'cache is down' });
  });
});

describe('serviceBase on a real socket: the Host header', () => {
  const { app, logger } = build();
  const server = new Elysia(SERVICE_APP_CONFIG).use(app).listen({ hostname: '127.0.0.1', port: 0 });
  const port = server.server?.port ?? 0;
  afterAll(() => server.stop(true));

  it('answers a request without Host (HTTP/1.0) or with an empty one with 400 MISSING_HOST, not a 500', async () => {
    for (const head of ['GET /thing HTTP/1.0\r\n\r\n', 'GET /nothing HTTP/1.0\r\nHost:\r\nConnection: close\r\n\r\n']) {
      const answer = await rawHttpExchange(port, head);
      expect(answer).toStartWith('HTTP/1.1 400');
      expect(answer.toLowerCase()).toContain('x-request-id: ');
      expect(rawHttpJson(answer)).toEqual({ success: false, error: { code: 'MISSING_HOST', message: 'A valid Host header is required' } });
    }
    const logged = logger.lines.filter((l) => l.msg === 'request' && l.status === 400).map((l) => l.path);
    expect(logged).toEqual(['/thing', '/nothing']);
  });

  it('still answers health probes that send no Host (HTTP/1.0 checks)', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const answer = await rawHttpExchange(port, `GET ${path} HTTP/1.0\r\n\r\n`);
      expect(answer).toStartWith('HTTP/1.1 200');
      expect(rawHttpJson(answer)).toMatchObject({ service: 'demo' });
    }
  });

  it('routes by the path whatever the length of the Host', async () => {
    for (const host of ['a', 'ab', 'abc', 'abcd', 'a:1', 'service-with-a-long-name:8080']) {
      const answer = await rawHttpExchange(port, `GET /thing HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer).toStartWith('HTTP/1.1 404');
      expect(answer).toContain('"code":"THING_NOT_FOUND"');
      const health = await rawHttpExchange(port, `GET /x/healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(health).toContain('"code":"ROUTE_NOT_FOUND"');
    }
  });
});

describe('serviceBase under SERVICE_APP_CONFIG', () => {
  it('refuses an https URL loudly (500, logged) instead of routing it wrongly', async () => {
    const { app, logger } = build();
    const root = new Elysia(SERVICE_APP_CONFIG).use(app);
    const res = await root.handle(new Request('https://localhost/healthz'));
    expect(res.status).toBe(500);
    expect(logger.lines.some((l) => l.level === 'error' && String(l.error).includes('speaks plain http'))).toBe(true);
    expect((await root.handle(new Request('http://ab/healthz'))).status).toBe(200);
  });
});

describe('pathOfUrl', () => {
  it('takes the path of an absolute URL or of a bare request target, without query or fragment', () => {
    expect(pathOfUrl('http://ab/x/y?q=1')).toBe('/x/y');
    expect(pathOfUrl('http://localhost:8080')).toBe('/');
    expect(pathOfUrl('https://example.com/a#f')).toBe('/a');
    expect(pathOfUrl('/api/services?x')).toBe('/api/services');
    expect(pathOfUrl('/x?next=http://a/b')).toBe('/x');
    expect(pathOfUrl('')).toBe('/');
  });

  it("ends the path at the first '?' or '#': a '?' after a '#' is the fragment's, not the query's start", () => {
    // Bun hands a target such as `/api/reviews/moderation#?` on as it came; its path is the part before the '#'.
    expect(pathOfUrl('http://localhost/api/reviews/moderation#?')).toBe('/api/reviews/moderation');
    expect(pathOfUrl('http://localhost/api/legal/acceptances#x?y=1')).toBe('/api/legal/acceptances');
    expect(pathOfUrl('/a/b#?c')).toBe('/a/b');
    expect(pathOfUrl('http://localhost/a?b#c')).toBe('/a');
  });
});

describe('requestIdOf', () => {
  it("gives a plugin's handler the id serviceBase derived, without a cast", async () => {
    const plugin = new Elysia({ name: 'plugin' }).get('/id', (ctx) => ({ id: requestIdOf(ctx) }));
    const app = new Elysia().use(serviceBase({ service: 'demo', logger: createMemoryLogger(), errorStatus: {} })).use(plugin);
    const res = await app.handle(req('/id', { headers: { 'x-request-id': 'req-abcdefgh' } }));
    expect(await res.json()).toEqual({ id: 'req-abcdefgh' });
    expect(res.headers.get('x-request-id')).toBe('req-abcdefgh');
  });

  it("takes the caller's well-formed id, or makes one and puts it on the answer, where serviceBase did not run", () => {
    const set = { headers: {} as Record<string, unknown> };
    expect(requestIdOf({ request: req('/x', { headers: { 'x-request-id': 'req-12345678' } }), set })).toBe('req-12345678');
    const fresh = { headers: {} as Record<string, unknown> };
    const made = requestIdOf({ request: req('/x', { headers: { 'x-request-id': 'bad id!' } }), set: fresh });
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).toBe(made);
  });
});

describe('serviceBase: the request scope', () => {
  it('hands the request id to the service client of a handler, across awaits, one request never seeing another', async () => {
    const seen: (string | null)[] = [];
    const peer = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (req) => {
        seen.push(req.headers.get('x-request-id'));
        return Response.json({ success: true, data: null });
      },
    });
    try {
      const client = createServiceClient({ service: 'peer', baseUrl: `http://127.0.0.1:${peer.port}`, timeoutMs: 1000, logger: silentLogger });
      const app = new Elysia(SERVICE_APP_CONFIG).use(serviceBase({ service: 'demo', logger: silentLogger, errorStatus: {} })).get('/calls', async () => {
        await Bun.sleep(Math.random() * 5);
        const res = await client.call('/x', { schema: t.Null() });
        return { ok: res.ok };
      });
      const ids = Array.from({ length: 10 }, (_, i) => `scope-test-${i}-abcdef`);
      await Promise.all(ids.map((id) => app.handle(new Request('http://localhost/calls', { headers: { 'x-request-id': id } }))));
      expect(seen.sort()).toEqual([...ids].sort());
    } finally {
      await peer.stop(true);
    }
  });
});

describe("serviceBase: beforeRouting (a service's own step in the request hook)", () => {
  function withStep() {
    const seen: { path: string; requestId?: string }[] = [];
    const logger = createMemoryLogger('demo');
    const app = new Elysia(SERVICE_APP_CONFIG)
      .use(
        serviceBase({
          service: 'demo',
          logger,
          errorStatus: { COOLDOWN: 429 },
          beforeRouting: async ({ request, set }) => {
            const path = pathOfUrl(request.url);
            seen.push({ path, requestId: currentRequestScope()?.requestId });
            await Bun.sleep(1);
            if (path === '/stop') throw new DomainError<DemoCode>('COOLDOWN', 'Wait', 3);
            if (path === '/early') {
              set.status = 204;
              return new Response(null);
            }
            set.headers['x-step'] = 'ran';
          },
        }),
      )
      .get('/thing', () => ({ ok: true }))
      .get('/internal/thing', () => ({ ok: true }));
    return { app, seen, logger };
  }

  it('runs once per request, inside its scope, before routing; its headers reach the answer', async () => {
    const { app, seen } = withStep();
    const res = await app.handle(new Request('http://localhost/thing', { headers: { 'x-request-id': 'step-test-12345678' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-step')).toBe('ran');
    expect(seen).toEqual([{ path: '/thing', requestId: 'step-test-12345678' }]);
    await app.handle(new Request('http://localhost/nowhere'));
    expect(seen.map((s) => s.path)).toEqual(['/thing', '/nowhere']);
  });

  it('answers with what it returns, and what it throws becomes the envelope with its status', async () => {
    const { app } = withStep();
    expect((await app.handle(new Request('http://localhost/early'))).status).toBe(204);
    const stopped = await app.handle(new Request('http://localhost/stop'));
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get('retry-after')).toBe('3');
    expect(((await stopped.json()) as { error: { code: string } }).error.code).toBe('COOLDOWN');
  });

  it('does not run for what serviceBase refuses first: an /internal call without the service credential', async () => {
    const { app, seen } = withStep();
    const res = await app.handle(new Request('http://localhost/internal/thing'));
    expect(res.status).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('serviceBase: GET /metrics', () => {
  function metricsApp(metrics?: MetricsPolicy) {
    const telemetry = createTelemetry({ service: 'demo' });
    const app = new Elysia(SERVICE_APP_CONFIG)
      .use(serviceBase({ service: 'demo', logger: silentLogger, errorStatus: { THING_NOT_FOUND: 404 }, telemetry, ...(metrics ? { metrics } : {}) }))
      .get('/things/:id', ({ params }) => {
        if (params.id === 'gone') throw new DomainError<DemoCode>('THING_NOT_FOUND', 'No such thing');
        return { id: params.id };
      })
      .post('/things', () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    return { app, telemetry };
  }
  const get = (app: { handle(r: Request): Promise<Response> }, path: string, headers: Record<string, string> = {}) =>
    app.handle(new Request(`http://localhost${path}`, { headers }));

  it('counts requests by method, route template and status (never the raw path), in text a Prometheus parser reads', async () => {
    const { app } = metricsApp();
    for (const id of ['a1', 'b2', 'c3', 'gone']) await get(app, `/things/${id}`);
    await app.handle(new Request('http://localhost/things', { method: 'POST' }));
    await get(app, '/no/such/path/x9');
    // A request is counted once its answer is sent (after-response hook): poll, bounded.
    const scrape = async () => parseMetrics(await (await get(app, '/metrics')).text());
    await waitFor('the unmatched request counted', async () => sampleValue(await scrape(), 'http_requests_total', { route: UNMATCHED_ROUTE }) === 1);
    const res = await get(app, '/metrics');
    expect(res.headers.get('content-type')).toContain('text/plain');
    const families = parseMetrics(await res.text());
    expect(sampleValue(families, 'http_requests_total', { method: 'GET', route: '/things/:id', status: '200' })).toBe(3);
    expect(sampleValue(families, 'http_requests_total', { method: 'GET', route: '/things/:id', status: '404' })).toBe(1);
    // A handler answering with a Response of its own is counted with that Response's status.
    expect(sampleValue(families, 'http_requests_total', { method: 'POST', route: '/things', status: '201' })).toBe(1);
    expect(sampleValue(families, 'http_requests_total', { route: UNMATCHED_ROUTE, status: '404' })).toBe(1);
    expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const routes = families.get('http_requests_total')?.metrics.map((m) => m.labels?.route);
    expect(routes?.some((r) => r?.includes('a1') || r?.includes('x9'))).toBe(false);
  });

  it('serves a declared business counter and the calls of a client given the same telemetry', async () => {
    const { app, telemetry } = metricsApp();
    telemetry.metrics.counter({ name: 'things_made_total', help: 'Things made', labelNames: ['kind'] }).inc({ kind: 'blue' });
    const down = createServiceClient({ service: 'nowhere', baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, logger: silentLogger, telemetry });
    await down.call('/x', { schema: t.Null() });
    const families = parseMetrics(await (await get(app, '/metrics')).text());
    expect(sampleValue(families, 'things_made_total', { kind: 'blue' })).toBe(1);
    expect(sampleValue(families, 'service_calls_total', { target: 'nowhere', outcome: 'unavailable' })).toBe(1);
  });

  it('answers only the bearer METRICS_TOKEN when one is set: 401 in the envelope without it', async () => {
    const { app } = metricsApp({ token: 'scrape-token-1', withoutToken: 'open' });
    const refused = await get(app, '/metrics');
    expect([refused.status, refused.headers.get('www-authenticate'), (await refused.json()).error.code]).toEqual([
      401,
      'Bearer realm="metrics"',
      'UNAUTHORIZED',
    ]);
    expect((await get(app, '/metrics', { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await get(app, '/metrics', { authorization: 'Bearer scrape-token-1' })).status).toBe(200);
  });

  it('answers 404 without a token where the policy hides metrics (the gateway)', async () => {
    const { app } = metricsApp({ withoutToken: 'hidden' });
    const res = await get(app, '/metrics', { authorization: 'Bearer anything' });
    expect([res.status, (await res.json()).error.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
  });
});

describe('serviceBase: routine requests at debug', () => {
  function polled(level: 'debug' | 'info') {
    const logger = createMemoryLogger('demo', level);
    const app = new Elysia()
      .use(serviceBase({ service: 'demo', logger, errorStatus: {}, pollRoutes: ['/feed'] }))
      .get('/feed', ({ query }) => {
        if (query.fail) throw new DomainError('VALIDATION_FAILED', 'bad since');
        return { ok: true };
      })
      .get('/things', () => ({ ok: true }));
    return { app, logger };
  }
  const requestLines = (logger: ReturnType<typeof createMemoryLogger>) => logger.lines.filter((l) => l.msg === 'request');

  it('logs probes, scrapes and polled routes at debug, and other requests at info', async () => {
    const { app, logger } = polled('debug');
    for (const path of ['/healthz', '/readyz', '/metrics', '/feed', '/things']) expect((await app.handle(req(path))).status).toBe(200);
    await waitFor('five request lines', () => requestLines(logger).length === 5);
    expect(requestLines(logger).map((l) => [l.path, l.level])).toEqual([
      ['/healthz', 'debug'],
      ['/readyz', 'debug'],
      ['/metrics', 'debug'],
      ['/feed', 'debug'],
      ['/things', 'info'],
    ]);
  });

  it('at the default level (info) a poll writes nothing, while a failed poll and ordinary requests are still logged', async () => {
    const { app, logger } = polled('info');
    for (let i = 0; i < 5; i++) await app.handle(req(`/feed?since=${i}`));
    await app.handle(req('/healthz'));
    expect((await app.handle(req('/feed?fail=1'))).status).toBe(400);
    await app.handle(req('/things'));
    await waitFor('two request lines', () => requestLines(logger).length === 2);
    expect(requestLines(logger).map((l) => [l.path, l.status, l.level])).toEqual([
      ['/feed', 400, 'info'],
      ['/things', 200, 'info'],
    ]);
  });
});
