import { createAssistantUnderTest } from '@tm/assistant/testing';
import { createAuthUnderTest } from '@tm/auth/testing';
import { createBookingsUnderTest } from '@tm/bookings/testing';
import { createApp as createCatalogApp } from '@tm/catalog/testing';
import { createContentUnderTest } from '@tm/content/testing';
import { createGrowthUnderTest } from '@tm/growth/testing';
import { createMessagingUnderTest } from '@tm/messaging/testing';
import { createReviewsUnderTest } from '@tm/reviews/testing';
import { createSearchUnderTest } from '@tm/search/testing';
import { silentLogger, systemClock } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createApp as createTalentApp } from '@tm/talent/testing';
import { UPSTREAM_NAMES, type Upstreams } from '../../site-deps.ts';
import type { ServiceName } from '../public-api.ts';

interface Servable {
  fetch: (request: Request) => Response | Promise<Response>;
}

/** The real services' apps over empty embedded stores (as their own tests build them): enough for their OpenAPI parts. */
export async function realServiceApps(): Promise<Record<ServiceName, Servable>> {
  return {
    auth: (await createAuthUnderTest()).app,
    catalog: createCatalogApp({ documents: createEmbeddedDocumentStore(), talent: { pmPreviews: async () => [] }, clock: systemClock, logger: silentLogger }),
    talent: createTalentApp({ documents: createEmbeddedDocumentStore(), logger: silentLogger }),
    bookings: (await createBookingsUnderTest()).app,
    messaging: (await createMessagingUnderTest()).app,
    content: (await createContentUnderTest()).app,
    reviews: (await createReviewsUnderTest()).app,
    search: (await createSearchUnderTest()).app,
    growth: (await createGrowthUnderTest()).app,
    assistant: (await createAssistantUnderTest()).app,
  };
}

/** One app served on 127.0.0.1 at a random port; `stop` closes it (connections refused after). */
export function serveOnLoopback(app: Servable) {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => app.fetch(request) });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

/** A loopback URL where nothing listens (a port just released). */
export function deadUrl(): string {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() });
  const url = `http://127.0.0.1:${server.port}`;
  server.stop(true);
  return url;
}

/** Every real service served on loopback; `stop` closes them all. */
export async function serveRealServices(): Promise<{ upstreams: Upstreams; stop(): void }> {
  const apps = await realServiceApps();
  const served = UPSTREAM_NAMES.map((name) => [name, serveOnLoopback(apps[name])] as const);
  return {
    upstreams: Object.fromEntries(served.map(([name, s]) => [name, s.url])) as Upstreams,
    stop: () => {
      for (const [, s] of served) s.stop();
    },
  };
}
