import { Elysia } from 'elysia';
import type { SiteDeps } from '../site-deps.ts';
import { DEFAULT_MCP_BODY_BYTES } from './mcp/http.ts';
import { allowedMcpOrigins } from './mcp/origin.ts';
import { createMcpRoutes } from './mcp/routes.ts';
import type { RateLimitFacts } from './site/agent-txt.ts';
import { createSiteRoutes } from './site/routes.ts';
import { createUpstreamClient } from './upstream.ts';

/** The gateway's CORS origins when its deps carry them (GatewayDeps does; SiteDeps does not name them). */
function corsOriginsOf(deps: SiteDeps): readonly string[] {
  const list = (deps as SiteDeps & { corsOrigins?: unknown }).corsOrigins;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
}

/** /mcp and the site-root files for agents, built from the services' live data. */
export function createAgentRoutes(deps: SiteDeps & { rateLimits: RateLimitFacts }) {
  const upstream = createUpstreamClient(deps);
  const origin = deps.publicSiteUrl.replace(/\/+$/, '');
  return new Elysia({ name: 'agent-routes' })
    .use(createSiteRoutes({ upstream, clock: deps.clock, origin, rateLimits: deps.rateLimits }))
    .use(
      createMcpRoutes({
        upstream,
        origin,
        allowedOrigins: allowedMcpOrigins(origin, corsOriginsOf(deps)),
        maxBodyBytes: deps.maxBodyBytes ?? DEFAULT_MCP_BODY_BYTES,
        bodyTimeoutMs: deps.upstreamTimeoutMs,
      }),
    );
}
