import { GATEWAY_ERROR_STATUS } from '@tm/contracts';
import { HEALTH_PATH } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { createRequestLifecycle, SERVICE_APP_CONFIG, serviceBase } from '@tm/shared/http';
import { createTelemetry } from '@tm/shared/telemetry';
import { Elysia } from 'elysia';
import { createAgentRoutes } from './agents/routes.ts';
import { createOpenApiRoutes } from './openapi/routes.ts';
import type { GatewayLimiter } from './policy/limiter.ts';
import { createPolicy } from './policy/policy-plugin.ts';
import { RequestStates } from './policy/request-state.ts';
import type { RevocationView } from './policy/revocations.ts';
import type { TokenVerifier } from './policy/tokens.ts';
import { createApiProxy, readsAheadOfCount } from './proxy/api-routes.ts';
import { createFrontDoor, type RequestServer } from './proxy/front-door.ts';
import { createOfrepProxy } from './proxy/ofrep-routes.ts';
import { OFREP_PREFIX } from './proxy/routing.ts';
import type { SiteDeps, Upstreams } from './site-deps.ts';

export type { Principal } from './policy/tokens.ts';

/** Everything the gateway needs, built by main.ts (real adapters) or tests (local peers). */
export interface GatewayDeps extends SiteDeps {
  limiter: GatewayLimiter;
  tokens: TokenVerifier;
  /** Auth's revoked sessions, checked on every protected route (see policy/revocations.ts). */
  revocations: RevocationView;
  /** X-Forwarded-For hops to trust (TRUST_PROXY); 0 = the socket address is the client. */
  trustProxy: number;
  maxBodyBytes: number;
  corsOrigins: readonly string[];
}

/**
 * The gateway: the shared service base (request id, log line, error envelope, health), the
 * global policy, then the site documents, /mcp and the OpenAPI documents in Elysia, and in front
 * of it the front door (proxy/front-door.ts) answering the /api proxy and the OFREP pass-through
 * (/ofrep/v1) without Elysia, through the same policy, request scope, log line, metrics and error
 * envelope. The policy runs for every route, so /openapi.json, /docs, /mcp and the site files are
 * limited like the API.
 *
 * The app's `handle` is the front door (tests call it, and the node:http server), and Bun.serve
 * routes `/api/*` and `/ofrep/v1/*` to it (`serve.routes`, which Elysia's listen passes on), so
 * the code the tests call is the code that serves.
 */
export function createApp(gatewayDeps: GatewayDeps) {
  const deps = { ...gatewayDeps, telemetry: gatewayDeps.telemetry ?? createTelemetry({ service: 'gateway' }) };
  const states = new RequestStates();
  const policy = createPolicy({ ...deps, states });
  const base = {
    service: 'gateway',
    logger: deps.logger,
    errorStatus: GATEWAY_ERROR_STATUS,
    telemetry: deps.telemetry,
  };
  const frontDoor = createFrontDoor({
    lifecycle: createRequestLifecycle(base),
    policy,
    routes: [
      { prefix: '/api/', template: '/api/*', handle: createApiProxy({ ...deps, states }), readsAhead: readsAheadOfCount },
      { prefix: OFREP_PREFIX, template: `${OFREP_PREFIX}*`, handle: createOfrepProxy({ ...deps, states }) },
    ],
    withinQuota: (request) => states.get(request)?.wellWithinQuota === true,
    fallback: (request) => app.fetch(request),
  });
  const serve = (request: Request, server: RequestServer) => frontDoor(request, server);
  const app = new Elysia({ ...SERVICE_APP_CONFIG, name: 'gateway', serve: { routes: { '/api/*': serve, [`${OFREP_PREFIX}*`]: serve } } })
    .use(
      serviceBase({
        ...base,
        readiness: { ...deps.limiter.readiness(), ...deps.revocations.readiness(), ...upstreamReadiness(deps) },
        // The one public door: /metrics does not exist without METRICS_TOKEN, and never serves another service's.
        metrics: { token: deps.telemetry.metricsToken, withoutToken: 'hidden' },
        // The policy, in the service base's request hook: one hook per request, not two.
        beforeRouting: policy,
      }),
    )
    .use(createOpenApiRoutes(deps))
    .use(createAgentRoutes({ ...deps, states, rateLimits: { quotas: deps.limiter.quotas, windowS: deps.limiter.windowS } }));
  // Elysia hands its own handlers `app.server` (Bun's, or the node:http adapter's installed by listenGateway).
  app.handle = async (request: Request) => frontDoor(request, app.server as RequestServer);
  return app;
}

/** Each service's HEALTH_PATH as a readiness entry; none is required, since the gateway still answers (503 envelopes) without them. */
function upstreamReadiness(deps: GatewayDeps) {
  const timeoutMs = Math.min(deps.upstreamTimeoutMs, 2000);
  const check = (service: keyof Upstreams) => {
    // Quiet: /readyz reports the service down; a warning per probe would repeat it every few seconds.
    const client = createServiceClient({
      service,
      baseUrl: deps.upstreams[service],
      timeoutMs,
      fetch: deps.fetch,
      logger: deps.logger,
      telemetry: deps.telemetry,
      quiet: true,
    });
    return async () => {
      const answer = await client.raw(HEALTH_PATH);
      if (!answer.ok) return false;
      await answer.response.body?.cancel();
      return answer.response.ok;
    };
  };
  return Object.fromEntries(
    (Object.keys(deps.upstreams) as (keyof Upstreams)[]).map((name) => [name, { check: check(name), required: false, kind: 'service' }]),
  );
}
