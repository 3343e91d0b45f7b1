import { Elysia } from 'elysia';
import type { SiteDeps } from '../site-deps.ts';

/** GET /openapi.json and GET /docs (placeholder until the OpenAPI work lands). */
export function createOpenApiRoutes(_deps: SiteDeps) {
  return new Elysia({ name: 'openapi-routes' });
}
