import { describe, expect, it } from 'bun:test';
import { connect } from 'node:net';
import { GATEWAY_ERROR_STATUS } from '@tm/contracts';
import { createMemoryLogger, currentRequestScope, DomainError, silentLogger } from '@tm/shared';
import { createRequestLifecycle, type RequestLifecycle } from '@tm/shared/http';
import { createTelemetry, UNMATCHED_ROUTE } from '@tm/shared/telemetry';
import { parseMetrics, sampleValue, waitFor } from '@tm/shared/testing';
import { createGatewayLimiter } from '../policy/limiter.ts';
import { listenGateway } from '../server/listen.ts';
import { gatewayTestPeers, req } from '../testing/gateway.ts';
import { createFrontDoor, type FrontDoorRoute } from './front-door.ts';

const env = gatewayTestPeers();

/** The status line of the answer to a request written as raw bytes (a target fetch() would not send). */
function rawStatusLine(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => {
      got += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(got.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}
const METRICS_TOKEN = 'metrics-token-for-front-door-01';
const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

/** A front door with one route at /api/ and a fallback that says it was asked. */
function door(
  route: FrontDoorRoute['handle'],
  policy: () => Promise<Response | undefined> = async () => undefined,
  wrap: (lifecycle: RequestLifecycle) => RequestLifecycle = (lifecycle) => lifecycle,
  onRecordFailed?: (err: unknown) => void,
) {
  const logger = createMemoryLogger('gateway', 'debug');
  const fallbackSaw: string[] = [];
  const handle = createFrontDoor({
    ...(onRecordFailed ? { onRecordFailed } : {}),
    lifecycle: wrap(createRequestLifecycle({ logger, errorStatus: GATEWAY_ERROR_STATUS, telemetry: createTelemetry({ service: 'gateway' }) })),
    policy,
    routes: [{ prefix: '/api/', template: '/api/*', handle: route }],
    fallback: (request) => {
      fallbackSaw.push(request.url);
      return new Response('fallback');
    },
  });
  return { handle: (request: Request) => handle(request, null), logger, fallbackSaw };
}

describe('the front door (proxied routes without Elysia)', () => {
  it('answers /api/ and below itself; /api, other paths, https URLs and bare targets go to the fallback', async () => {
    const d = door(async () => ({ ok: true }));
    for (const path of ['/api/', '/api/services?x=1']) expect({ path, body: await (await d.handle(req(path))).json() }).toEqual({ path, body: { ok: true } });
    for (const url of ['http://localhost/api', 'http://localhost/apix/y', 'http://localhost/healthz', 'https://localhost/api/services'])
      expect({ url, body: await (await d.handle(new Request(url))).text() }).toEqual({ url, body: 'fallback' });
    // What Bun gives a handler for a request without a usable Host: the bare target.
    const bare = { url: '/api/services', method: 'GET', headers: new Headers() } as unknown as Request;
    expect(await (await d.handle(bare)).text()).toBe('fallback');
    expect(d.fallbackSaw).toEqual([
      'http://localhost/api',
      'http://localhost/apix/y',
      'http://localhost/healthz',
      'https://localhost/api/services',
      '/api/services',
    ]);
  });

  it('runs the route in the request scope, sends the id back, and logs the answer after it with the route template and duration', async () => {
    let scoped: unknown;
    const d = door(async (_request, set) => {
      scoped = currentRequestScope();
      set.status = 418;
      return { seen: true };
    });
    const res = await d.handle(req('/api/x?y=1', { headers: { 'x-request-id': 'client-id-0001', traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01` } }));
    expect([res.status, res.headers.get('x-request-id'), res.headers.get('content-type')]).toEqual([418, 'client-id-0001', 'application/json;charset=utf-8']);
    expect(scoped).toMatchObject({ requestId: 'client-id-0001', trace: { traceId: TRACE_ID } });
    expect(d.logger.lines).toEqual([]);
    await waitFor('the access line', () => d.logger.lines.length === 1);
    expect(d.logger.lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/x', status: 418, requestId: 'client-id-0001', traceId: TRACE_ID });
    expect(typeof d.logger.lines[0]?.durationMs).toBe('number');
  });

  it("answers a refusal thrown by the policy in the envelope, logged as unmatched and without a duration, as serviceBase's error hook did", async () => {
    const d = door(
      async () => ({ never: true }),
      async () => {
        throw new DomainError('RATE_LIMITED', 'Too many requests; retry in 7 s', 7);
      },
    );
    const res = await d.handle(req('/api/x'));
    expect([res.status, res.headers.get('retry-after'), (await res.json()).error.code]).toEqual([429, '7', 'RATE_LIMITED']);
    await waitFor('the access line', () => d.logger.lines.length === 1);
    expect(d.logger.lines[0]).toMatchObject({ status: 429, path: '/api/x', requestId: res.headers.get('x-request-id') });
    expect(d.logger.lines[0]?.durationMs).toBeUndefined();
  });

  it("logs the path before a '#' even when a '?' follows it (the '?' is the fragment's)", async () => {
    const d = door(async () => ({ ok: true }));
    await d.handle(req('/api/x#frag?y=1'));
    await waitFor('the access line', () => d.logger.lines.length === 1);
    expect(d.logger.lines[0]?.path).toBe('/api/x');
  });

  it('turns a route that throws into the logged 500 envelope that never tells the cause', async () => {
    const d = door(async () => {
      throw new Error('secret detail');
    });
    const res = await d.handle(req('/api/x'));
    const body = await res.json();
    expect([res.status, body.error.code, JSON.stringify(body).includes('secret')]).toEqual([500, 'INTERNAL', false]);
    await waitFor('the error and access lines', () => d.logger.lines.length === 2);
    expect(d.logger.lines.map((l) => [l.level, l.msg, l.status])).toEqual([
      ['error', 'unhandled error', undefined],
      ['info', 'request', 500],
    ]);
  });
});

describe('recording after the answer', () => {
  it('records every other request of a batch when one fails to be recorded, and says so', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const d = door(
      async () => ({ ok: true }),
      undefined,
      (lifecycle) => ({
        ...lifecycle,
        record: (...args: Parameters<RequestLifecycle['record']>) => {
          if (++calls === 2) throw new Error('metrics registry broken');
          return lifecycle.record(...args);
        },
      }),
      (err) => failures.push(err),
    );
    // Three answers in one turn: one batch.
    await Promise.all([d.handle(req('/api/a')), d.handle(req('/api/b')), d.handle(req('/api/c'))]);
    await waitFor('two access lines', () => d.logger.lines.filter((l) => l.msg === 'request').length === 2);
    expect(String(failures[0])).toContain('metrics registry broken');
    expect(d.logger.lines.filter((l) => l.msg === 'request').map((l) => l.path)).toEqual(['/api/a', '/api/c']);
  });
});

describe('the gateway behind its front door', () => {
  it("decides access on the path before a '#': `#?` after a protected path no longer forwards it without a token", async () => {
    // The request target keeps its '#' (Bun passes it on); the path used to end at the '?' after
    // it, so `/api/reviews/moderation#` matched no rule (public) yet reached reviews' /reviews/moderation.
    const app = env.gateway();
    const before = env.peer.seen.length;
    for (const [method, path] of [
      ['GET', '/api/reviews/moderation#?'],
      ['GET', '/api/reviews/mine#x?y=1'],
      ['POST', '/api/legal/acceptances#?'],
      ['GET', '/api/search/misses#?'],
    ] as const) {
      const res = await app.handle(req(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) }));
      expect({ path, status: res.status, code: (await res.json()).error?.code }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' });
    }
    expect(env.peer.seen.length).toBe(before);
    // Over a socket too: Bun.serve hands the '#' on to the front door as it came.
    const server = await listenGateway(app, 'bun', { hostname: '127.0.0.1', port: 0, reusePort: false }, silentLogger, () => {
      throw new Error('cannot listen');
    });
    try {
      const head = await rawStatusLine(server.port, 'GET /api/reviews/moderation#? HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect(head).toBe('HTTP/1.1 401 Unauthorized');
      expect(env.peer.seen.length).toBe(before);
    } finally {
      await server.stop();
    }
  });

  it('decides access on percent-decoded segments: an encoded protected path is refused without a token and not forwarded', async () => {
    const app = env.gateway();
    const before = env.peer.seen.length;
    for (const [method, path] of [
      ['GET', '/api/reviews/m%69ne'],
      ['GET', '/api/reviews/moder%61tion'],
      ['POST', '/api/reviews/r1/h%69de'],
      ['GET', '/api/search/m%69sses'],
    ] as const) {
      const res = await app.handle(req(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) }));
      expect({ path, status: res.status, code: (await res.json()).error?.code }).toEqual({ path, status: 401, code: 'UNAUTHORIZED' });
    }
    expect(env.peer.seen.length).toBe(before);
  });

  it('answers a proxied request the same through app.handle and through Bun.serve, and counts both under /api/*', async () => {
    const telemetry = createTelemetry({ service: 'gateway', metricsToken: METRICS_TOKEN });
    const limiter = createGatewayLimiter({ windowS: 60, quotas: { anonymous: 100, authenticated: 100, 'auth-routes': 10 } });
    const app = env.gateway({ telemetry, limiter });
    const server = await listenGateway(app, 'bun', { hostname: '127.0.0.1', port: 0, reusePort: false }, silentLogger, () => {
      throw new Error('cannot listen');
    });
    try {
      const init = { headers: { origin: 'https://app.example', 'x-request-id': 'same-id-000001' } };
      const handled = await app.handle(req('/api/services/catalog?n=1', init));
      const served = await fetch(`http://127.0.0.1:${server.port}/api/services/catalog?n=1`, init);
      const view = async (res: Response) => {
        const headers = Object.fromEntries(
          Object.entries(res.headers.toJSON()).filter(([name]) => !['date', 'content-length', 'ratelimit', 'ratelimit-remaining'].includes(name)),
        );
        return { status: res.status, headers, body: await res.json() };
      };
      expect(await view(served)).toEqual(await view(handled));
      expect(served.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const scrape = async () => parseMetrics(await (await app.handle(req('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))).text());
      await waitFor('both counted', async () => sampleValue(await scrape(), 'http_requests_total', { method: 'GET', route: '/api/*', status: '200' }) === 2);
      // /api without the slash was never a proxied route: Elysia's 404, unmatched.
      const bare = await fetch(`http://127.0.0.1:${server.port}/api`);
      expect([bare.status, (await bare.json()).error.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
      await waitFor('the 404 counted', async () => sampleValue(await scrape(), 'http_requests_total', { route: UNMATCHED_ROUTE, status: '404' }) === 1);
    } finally {
      await server.stop();
    }
  });
});

describe('the front door: a read sent on while it is counted', () => {
  /** A front door whose one route reads ahead, with a policy that answers once `release` is called and sets a RateLimit header. */
  function aheadDoor(handle: FrontDoorRoute['handle']) {
    let release = () => {};
    const counted = new Promise<void>((resolve) => {
      release = resolve;
    });
    const door = createFrontDoor({
      lifecycle: createRequestLifecycle({ logger: silentLogger, errorStatus: GATEWAY_ERROR_STATUS, telemetry: createTelemetry({ service: 'gateway' }) }),
      policy: async ({ set }) => {
        await counted;
        set.headers['ratelimit-remaining'] = '7';
        return undefined;
      },
      routes: [{ prefix: '/api/', template: '/api/*', handle, readsAhead: () => true }],
      withinQuota: () => true,
      fallback: () => new Response('fallback'),
    });
    return { answer: (path: string) => door(req(path), null), release: () => release() };
  }

  it('answers a route that throws before its first await with the envelope once counted, never a bare 500', async () => {
    const d = aheadDoor(() => {
      throw new Error('thrown at once');
    });
    const answer = d.answer('/api/x');
    d.release();
    const res = await answer;
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe('INTERNAL');
    expect(res.headers.get('ratelimit-remaining')).toBe('7');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it("keeps a route's own refusal (status and headers) beside the policy's headers", async () => {
    const d = aheadDoor(async (_request, set) => {
      set.status = 401;
      set.headers['www-authenticate'] = 'Bearer';
      return { success: false, error: { code: 'UNAUTHORIZED', message: 'no token' } };
    });
    const answer = d.answer('/api/y');
    d.release();
    const res = await answer;
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.headers.get('ratelimit-remaining')).toBe('7');
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});
