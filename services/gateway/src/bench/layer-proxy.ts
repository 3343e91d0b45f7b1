/**
 * One proxy of scripts/bench/gateway-layers.ts (or its stub service), on PORT, forwarding /api/* to
 * UPSTREAM_URL: LAYER=stub | bare | elysia | base | gateway | deferred | redis (see that script). Kept here
 * so it resolves the gateway's own packages (Elysia) and code; GATEWAY_ROOT=<another checkout>
 * runs that checkout's gateway for the gateway and redis layers.
 */
import { GATEWAY_ERROR_STATUS } from '@tm/contracts';
import { createLogger, enterRequestScope, newTraceContext, silentLogger } from '@tm/shared';
import { SERVICE_APP_CONFIG, serviceBase } from '@tm/shared/http';
import { Elysia } from 'elysia';
import { handOver } from '../proxy/api-routes.ts';

const layer = process.env.LAYER;
const port = Number(process.env.PORT);
const upstream = process.env.UPSTREAM_URL ?? '';
const pathOf = (url: string) => url.slice(url.indexOf('/api/', url.indexOf('://') + 3) + 4);
const forward = (request: Request) => fetch(`${upstream}${pathOf(request.url)}`, { method: request.method, headers: request.headers, redirect: 'manual' });

if (layer === 'stub') {
  const bytes = Number(process.env.LAYERS_BODY_BYTES ?? 16384);
  const items = Array.from({ length: Math.max(1, Math.round(bytes / 80)) }, (_, i) => ({ _id: `svc-${i}`, slug: `service-${i}`, name: `Service ${i}` }));
  const body = JSON.stringify({ success: true, data: items });
  Bun.serve({ hostname: '127.0.0.1', port, fetch: () => new Response(body, { headers: { 'content-type': 'application/json', etag: '"stub"' } }) });
} else if (layer === 'bare') {
  Bun.serve({ hostname: '127.0.0.1', port, fetch: forward });
} else if (['elysia', 'base', 'base-silent', 'scope', 'after', 'trace'].includes(layer ?? '')) {
  const app = new Elysia({ ...SERVICE_APP_CONFIG });
  if (layer === 'base') app.use(serviceBase({ service: 'gateway', logger: createLogger('gateway'), errorStatus: GATEWAY_ERROR_STATUS }));
  if (layer === 'base-silent') app.use(serviceBase({ service: 'gateway', logger: silentLogger, errorStatus: GATEWAY_ERROR_STATUS }));
  if (layer === 'scope') app.onRequest(() => enterRequestScope({ requestId: 'x' }));
  if (layer === 'trace') app.onRequest(() => enterRequestScope({ requestId: 'x', trace: newTraceContext() }));
  if (layer === 'after') app.onAfterResponse({ as: 'global' }, ({ request }) => void request.method);
  // The gateway's handOver: the set headers (serviceBase's request id) go onto the service's response itself.
  app.all('/api/*', async ({ request, set }) => handOver(await forward(request), set), { parse: 'none' }).listen({ hostname: '127.0.0.1', port });
} else if (layer === 'gateway' || layer === 'redis' || layer === 'deferred') {
  // GATEWAY_ROOT: the gateway of another checkout (a commit to compare with), else this one's.
  const src = process.env.GATEWAY_ROOT ? `${process.env.GATEWAY_ROOT}/services/gateway/src` : new URL('..', import.meta.url).pathname;
  const { createApp } = (await import(`${src}/app.ts`)) as typeof import('../app.ts');
  const { createGatewayLimiter, createLimiterRedis } = (await import(`${src}/policy/limiter.ts`)) as typeof import('../policy/limiter.ts');
  const { testDeps } = (await import(`${src}/testing/gateway.ts`)) as typeof import('../testing/gateway.ts');
  const redis = layer === 'redis' ? createLimiterRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  if (redis) await new Promise((resolve) => redis.once('ready', resolve));
  const quotas = { anonymous: 1e9, authenticated: 1e9, 'auth-routes': 1e9 };
  const counted = createGatewayLimiter({ redis, keyPrefix: process.env.REDIS_PREFIX ?? 'layers:', windowS: 60, quotas });
  // deferred: the in-memory count, but every answer waits for a later turn of the event loop (one
  // setImmediate per batch), as a Redis flight's answer does, without a socket or Redis itself.
  let parked: (() => void)[] = [];
  const release = () => {
    const now = parked;
    parked = [];
    for (const go of now) go();
  };
  const limiter: typeof counted =
    layer === 'deferred'
      ? {
          ...counted,
          consume: (bucket, key) =>
            new Promise((resolve, reject) => {
              if (parked.length === 0) setImmediate(release);
              parked.push(() => counted.consume(bucket, key).then(resolve, reject));
            }),
        }
      : counted;
  createApp({
    ...testDeps({ upstream, jwksUrl: `${upstream}/jwks` }),
    logger: createLogger('gateway'),
    limiter,
    upstreamTimeoutMs: 10_000,
    corsOrigins: [],
    trustProxy: Number(process.env.TRUST_PROXY ?? 0),
  }).listen({
    hostname: '127.0.0.1',
    port,
  });
} else throw new Error(`LAYER must be stub, bare, elysia, base, gateway, deferred or redis (got ${layer})`);
process.on('SIGTERM', () => process.exit(0));
