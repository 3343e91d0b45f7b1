import { createBookingsUnderTest, createHttpCatalog, createHttpLegal, createTokenVerifier } from '@tm/bookings/testing';
import { createApp as createCatalogApp, createServiceRepository, createTalentClient, seedServices } from '@tm/catalog/testing';
import { createCallerReader, createApp as createContentServiceApp, createContentUnderTest } from '@tm/content/testing';
import { createSearchOver } from '@tm/search/testing';
import { createManualClock, createMemoryLogger, silentLogger, systemClock } from '@tm/shared';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { TEST_INTERNAL_CALLERS, TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { remoteJwks } from '@tm/shared/tokens/verify';
import { createSeededApp } from '@tm/talent/testing';
import { createApp as createGatewayApp, type GatewayDeps } from '../../app.ts';
import { testDeps, upstreamsAt } from '../../testing/gateway.ts';
import { startTestIssuer, type TestIssuer } from '../../testing/tokens.ts';

type Listening = { server: { port?: number } | null; stop(closeActive?: boolean): unknown };

function urlOf(app: Listening): string {
  const port = app.server?.port;
  if (!port) throw new Error('server is not listening');
  return `http://127.0.0.1:${port}`;
}

/** The real services behind a real gateway, each on 127.0.0.1:0, for end-to-end tests of /mcp and the site files. */
export interface AgentStack {
  gatewayUrl: string;
  catalogUrl: string;
  talentUrl: string;
  contentUrl: string;
  searchUrl: string;
  catalogDocuments: DocumentStore;
  talentDocuments: DocumentStore;
  /** What the catalog logged (one line per request, with its request id). */
  catalogLog: ReturnType<typeof createMemoryLogger>['lines'];
  /** The gateway's clock: advance it to expire the site-file cache. */
  clock: ReturnType<typeof createManualClock>;
  issuer: TestIssuer;
  /** The person behind `token` accepts the market's terms in effect through the gateway (as a person does, never through a tool). */
  acceptTerms(token: string, market?: string): Promise<void>;
  stopTalent(): Promise<void>;
  stopCatalog(): Promise<void>;
  stop(): Promise<void>;
}

/** The seeded content app of `under`, reading tokens from the test issuer's JWKS (the gateway forwards the caller's). */
function createContentApp(under: Awaited<ReturnType<typeof createContentUnderTest>>, jwksUrl: string, revocations: SessionRevocations) {
  const callers = createCallerVerifier({ keys: remoteJwks({ url: jwksUrl }), clock: systemClock, revocations });
  return createContentServiceApp({ ...under.deps, callers: createCallerReader(callers) }, under.parts);
}

/**
 * Starts the seeded talent and catalog apps (embedded stores, catalog read model uncached so
 * new documents show at once) and the gateway's createApp in front of them, all listening.
 */
export async function startAgentStack(overrides: Partial<GatewayDeps> = {}): Promise<AgentStack> {
  const talentDocuments = createEmbeddedDocumentStore();
  const talent = (await createSeededApp(talentDocuments)).app.listen({ hostname: '127.0.0.1', port: 0 });
  const talentUrl = urlOf(talent);

  const catalogDocuments = createEmbeddedDocumentStore();
  const catalogLogger = createMemoryLogger('catalog');
  await createServiceRepository(catalogDocuments).ensureIndexes();
  await seedServices(catalogDocuments);
  const catalog = createCatalogApp({
    documents: catalogDocuments,
    talent: createTalentClient({ baseUrl: talentUrl, timeoutMs: 1000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL }),
    clock: systemClock,
    logger: catalogLogger,
    readModelMaxAgeMs: 0,
    internalCallers: TEST_INTERNAL_CALLERS,
  }).listen({ hostname: '127.0.0.1', port: 0 });
  const catalogUrl = urlOf(catalog);

  const issuer = await startTestIssuer();
  const clock = createManualClock(Date.now());
  const deps = testDeps({ upstream: 'http://127.0.0.1:9', jwksUrl: issuer.jwksUrl, clock, upstreamTimeoutMs: 2000, ...overrides });
  // Content (seeded: the terms in effect) reads the same issuer's tokens and revoked sessions; bookings' checkout gate asks it.
  const contentUnderTest = await createContentUnderTest();
  const content = createContentApp(contentUnderTest, issuer.jwksUrl, deps.revocations).listen({ hostname: '127.0.0.1', port: 0 });
  const contentUrl = urlOf(content);
  const bookings = (
    await createBookingsUnderTest({
      catalog: createHttpCatalog({ baseUrl: catalogUrl, timeoutMs: 2000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL }),
      // Bookings checks tokens itself, against the same revoked sessions as the gateway in front of it.
      tokens: createTokenVerifier({ jwksUrl: issuer.jwksUrl, clock: systemClock, revocations: deps.revocations }),
      legal: createHttpLegal({ baseUrl: contentUrl, timeoutMs: 2000, logger: silentLogger, clock: systemClock, credential: TEST_SERVICE_CREDENTIAL }),
    })
  ).app.listen({ hostname: '127.0.0.1', port: 0 });
  const bookingsUrl = urlOf(bookings);
  // The one search over catalog, talent and content (its first index read before the gateway starts).
  const search = (await createSearchOver({ catalog: catalogUrl, talent: talentUrl, content: contentUrl })).app.listen({ hostname: '127.0.0.1', port: 0 });
  const searchUrl = urlOf(search);
  deps.upstreams = {
    ...upstreamsAt('http://127.0.0.1:9'),
    catalog: catalogUrl,
    talent: talentUrl,
    bookings: bookingsUrl,
    content: contentUrl,
    search: searchUrl,
  };
  const gateway = createGatewayApp(deps).listen({ hostname: '127.0.0.1', port: 0 });

  let talentUp = true;
  let catalogUp = true;
  const stopTalent = async () => {
    if (talentUp) await talent.stop(true);
    talentUp = false;
  };
  const stopCatalog = async () => {
    if (catalogUp) await catalog.stop(true);
    catalogUp = false;
  };
  return {
    gatewayUrl: urlOf(gateway),
    catalogUrl,
    talentUrl,
    contentUrl,
    searchUrl,
    catalogDocuments,
    talentDocuments,
    catalogLog: catalogLogger.lines,
    clock,
    issuer,
    async acceptTerms(token, market = 'IN') {
      const res = await fetch(`${urlOf(gateway)}/api/legal/acceptances`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-country': market },
        body: JSON.stringify({ type: 'terms', version: 1 }),
      });
      await res.body?.cancel();
      if (res.status !== 201 && res.status !== 200) throw new Error(`accepting the terms answered ${res.status}`);
    },
    stopTalent,
    stopCatalog,
    async stop() {
      await gateway.stop(true);
      await search.stop(true);
      await bookings.stop(true);
      await content.stop(true);
      await stopCatalog();
      await stopTalent();
      await issuer.stop();
    },
  };
}
