import { createUpstreamClient } from '@tm/agent-tools';
import { Elysia } from 'elysia';
import type { RequestStates } from '../policy/request-state.ts';
import type { RevocationView } from '../policy/revocations.ts';
import type { SiteDeps } from '../site-deps.ts';
import { allowedMcpOrigins } from './mcp/origin.ts';
import { createMcpRoutes } from './mcp/routes.ts';
import type { RateLimitFacts } from './site/agent-txt.ts';
import { createSiteRoutes } from './site/routes.ts';

/** What the agent routes need beyond the site documents' deps: the gateway's CORS list, body cap and quotas. */
export interface AgentRoutesDeps extends SiteDeps {
  corsOrigins: readonly string[];
  maxBodyBytes: number;
  rateLimits: RateLimitFacts;
  /** The policy step's token verdicts and auth's revoked sessions, for the MCP tools that act with the caller's token. */
  states: RequestStates;
  revocations: RevocationView;
}

/** /mcp and the site-root files for agents, built from the services' live data. */
export function createAgentRoutes(deps: AgentRoutesDeps) {
  const upstream = createUpstreamClient(deps);
  const origin = deps.publicSiteUrl.replace(/\/+$/, '');
  const site = createSiteRoutes({
    fetch: deps.fetch,
    upstreams: deps.upstreams,
    clock: deps.clock,
    logger: deps.logger,
    telemetry: deps.telemetry,
    serviceCredential: deps.serviceCredential,
    origin,
    timeoutMs: deps.upstreamTimeoutMs,
    rateLimits: deps.rateLimits,
    buildIntervalMs: deps.siteBuildIntervalMs,
    dir: deps.siteDir,
  });
  return new Elysia({ name: 'agent-routes' }).use(site).use(
    createMcpRoutes({
      upstream,
      origin,
      allowedOrigins: allowedMcpOrigins(origin, deps.corsOrigins),
      maxBodyBytes: deps.maxBodyBytes,
      bodyTimeoutMs: deps.upstreamTimeoutMs,
      states: deps.states,
      revocations: deps.revocations,
    }),
  );
}
