import { createManualClock, silentLogger } from '@tm/shared';
import type { OpenApiDoc } from '../normalize-document.ts';
import { createOpenApiRoutes } from '../routes.ts';
import { serveRealServices } from './service-parts.ts';

/** GET /openapi.json as the gateway serves it, over the real services' apps on loopback. */
export async function buildServedOpenApi(): Promise<OpenApiDoc> {
  const services = await serveRealServices();
  try {
    const routes = createOpenApiRoutes({
      upstreams: services.upstreams,
      fetch: globalThis.fetch,
      publicSiteUrl: 'https://tm.example',
      upstreamTimeoutMs: 5000,
      logger: silentLogger,
      clock: createManualClock(),
    });
    const res = await routes.handle(new Request('http://localhost/openapi.json'));
    if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
    return (await res.json()) as OpenApiDoc;
  } finally {
    services.stop();
  }
}
