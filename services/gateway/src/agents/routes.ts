import { Elysia } from 'elysia';
import type { SiteDeps } from '../site-deps.ts';

/** /mcp and the site-root files for agents (placeholder until the agents work lands). */
export function createAgentRoutes(_deps: SiteDeps) {
  return new Elysia({ name: 'agent-routes' });
}
