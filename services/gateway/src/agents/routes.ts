import { Elysia } from 'elysia';
import type { SiteDeps } from '../site-deps.ts';
import { createMcpRoutes } from './mcp/routes.ts';
import { createSiteRoutes } from './site/routes.ts';
import { createUpstreamClient } from './upstream.ts';

/** /mcp and the site-root files for agents, built from the services' live data. */
export function createAgentRoutes(deps: SiteDeps) {
  const upstream = createUpstreamClient(deps);
  const origin = deps.publicSiteUrl.replace(/\/+$/, '');
  return new Elysia({ name: 'agent-routes' })
    .use(createSiteRoutes({ upstream, clock: deps.clock, origin }))
    .use(createMcpRoutes({ upstream, origin }));
}
