import { createApp as createCatalogApp, createServiceRepository, createTalentClient, seedServices } from '@tm/catalog/testing';
import { createSearchOver } from '@tm/search/testing';
import { silentLogger, systemClock } from '@tm/shared';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createSeededApp } from '@tm/talent/testing';
import type { ToolContext } from '../context.ts';
import { type CallContext, createUpstreamClient, type UpstreamClient } from '../upstream.ts';

/** The seeded catalog and talent apps and the one search over them, listening on 127.0.0.1, and a tool context over them. */
export interface ToolServices {
  catalogUrl: string;
  /** The one search, indexing the two (its first index read before the services are handed out). */
  searchUrl: string;
  talentUrl: string;
  upstream: UpstreamClient;
  /** A context for one call (no bearer token: tools acting for a person refuse). */
  context(call?: Partial<CallContext>): ToolContext;
  stopCatalog(): Promise<void>;
  stop(): Promise<void>;
}

type Listening = { server: { port?: number } | null; stop(closeActive?: boolean): unknown };
const urlOf = (app: Listening) => `http://127.0.0.1:${app.server?.port}`;

/** Starts seeded talent and catalog (embedded stores) for tests of the tools and their hosts. */
export async function startToolServices(origin = 'https://tm.example'): Promise<ToolServices> {
  const talent = (await createSeededApp()).app.listen({ hostname: '127.0.0.1', port: 0 });
  const talentUrl = urlOf(talent);
  const documents = createEmbeddedDocumentStore();
  await createServiceRepository(documents).ensureIndexes();
  await seedServices(documents);
  const catalog = createCatalogApp({
    documents,
    talent: createTalentClient({ baseUrl: talentUrl, timeoutMs: 1000, logger: silentLogger }),
    clock: systemClock,
    logger: silentLogger,
  }).listen({ hostname: '127.0.0.1', port: 0 });
  const catalogUrl = urlOf(catalog);
  // The one search over those two (no content here: its pages are left out, as search does when content is away).
  const search = (await createSearchOver({ catalog: catalogUrl, talent: talentUrl, content: 'http://127.0.0.1:9' })).app.listen({
    hostname: '127.0.0.1',
    port: 0,
  });
  const searchUrl = urlOf(search);
  const upstream = createUpstreamClient({
    upstreams: { catalog: catalogUrl, talent: talentUrl, search: searchUrl },
    fetch: globalThis.fetch,
    upstreamTimeoutMs: 2000,
    logger: silentLogger,
  });
  let catalogUp = true;
  const stopCatalog = async () => {
    if (catalogUp) await catalog.stop(true);
    catalogUp = false;
  };
  return {
    catalogUrl,
    searchUrl,
    talentUrl,
    upstream,
    context: (call = {}) => ({
      upstream,
      origin,
      call: { requestId: 'test-request', ...call },
      bearer: { outcome: 'refuse', code: 'UNAUTHORIZED', message: 'No bearer token' },
    }),
    stopCatalog,
    async stop() {
      await search.stop(true);
      await stopCatalog();
      await talent.stop(true);
    },
  };
}
