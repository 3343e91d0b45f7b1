import type { RatingsIndexLine, Role } from '@tm/contracts';
import { createManualClock, silentLogger, systemClock } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { createRatingsBook } from '@tm/shared/client/ratings';
import type { DocumentStore } from '@tm/shared/store';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { createTestSigner, TEST_SERVICE_CREDENTIAL } from '@tm/shared/testing';
import { createCallerVerifier, type SessionRevocations } from '@tm/shared/tokens/callers';
import { createFixedRevocationView } from '@tm/shared/tokens/revocations';
import type { JWTVerifyGetKey } from '@tm/shared/tokens/verify';
import { createApp } from './app.ts';
import { createIndexKeeper } from './index/keeper.ts';
import { indexSources } from './index/sources.ts';

// What other workspaces' tests may build of search (`@tm/search/testing`); nothing here is for production code.
export { createApp } from './app.ts';

type Upstream = 'catalog' | 'talent' | 'content' | 'reviews';

/** The three upstream indexes and reviews' ratings index as lines (entries only; the trailer is added), changeable between refreshes; `down` makes one answer 503. */
export interface FakeUpstreams {
  catalog: Record<string, unknown>[];
  talent: Record<string, unknown>[];
  content: Record<string, unknown>[];
  reviews: RatingsIndexLine[];
  down: Set<Upstream>;
  /** A body served as it is instead of the lines (a cut-off index, say). */
  rawBody: Partial<Record<Upstream, string>>;
  /** How many reads each index answered 200 (not 304). */
  served: Record<Upstream, number>;
}

/**
 * A search app over an embedded store and fake catalog, talent, content and ratings indexes served over a
 * fake fetch through the real service client (with ETags, so an unchanged index is a 304), on a
 * manual clock, with a token signer and revocation feed (none revoked unless `revocations` says)
 * standing in for auth. The index is read once before it returns.
 */
export async function createSearchUnderTest(
  options: { documents?: DocumentStore; revocations?: SessionRevocations; upstreams?: Partial<Omit<FakeUpstreams, 'down' | 'served' | 'rawBody'>> } = {},
) {
  const clock = createManualClock(Date.parse('2026-11-01T09:00:00.000Z'));
  const upstreams: FakeUpstreams = {
    catalog: options.upstreams?.catalog ?? [],
    talent: options.upstreams?.talent ?? [],
    content: options.upstreams?.content ?? [],
    reviews: options.upstreams?.reviews ?? [],
    down: new Set(),
    rawBody: {},
    served: { catalog: 0, talent: 0, content: 0, reviews: 0 },
  };
  const fakeFetch = (name: Upstream) =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      if (upstreams.down.has(name)) return new Response('{"success":false,"error":{"code":"INTERNAL","message":"down"}}', { status: 503 });
      const body =
        upstreams.rawBody[name] ?? `${[...upstreams[name], { end: true, count: upstreams[name].length }].map((l) => JSON.stringify(l)).join('\n')}\n`;
      const etag = `"${Bun.hash(body).toString(16)}"`;
      const sent = new Headers(input instanceof Request ? input.headers : init?.headers).get('if-none-match');
      if (sent === etag) return new Response(null, { status: 304, headers: { etag } });
      upstreams.served[name]++;
      return new Response(body, { status: 200, headers: { etag, 'content-type': 'application/x-ndjson' } });
    }) as typeof fetch;
  const client = (name: Upstream) =>
    createServiceClient({ service: name, baseUrl: `http://${name}.test`, timeoutMs: 2000, logger: silentLogger, fetch: fakeFetch(name) });
  const keeper = createIndexKeeper({
    sources: indexSources({ catalog: client('catalog'), talent: client('talent'), content: client('content') }),
    ratings: createRatingsBook({ client: client('reviews'), timeoutMs: 2000, clock }),
    clock,
    logger: silentLogger,
    timeoutMs: 2000,
  });
  const signer = await createTestSigner();
  const documents = options.documents ?? createEmbeddedDocumentStore({ clock });
  const app = createApp({
    documents,
    keeper,
    tokens: createCallerVerifier({ keys: signer.keys, clock, revocations: options.revocations ?? createFixedRevocationView() }),
    logger: silentLogger,
    clock,
  });
  await keeper.refresh();

  let n = 0;
  /** An access token for a new user of `role`. */
  const tokenFor = (role: Role) => {
    const sub = `${role}-${++n}`;
    return signer.accessToken({ sub, role }, clock.now());
  };
  const call = async (method: string, path: string, o: { token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers }));
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
  };
  /** GET /search with `q` (and more query parameters), answering the hits' slugs and the response. */
  const search = async (q: string, more = '', headers?: Record<string, string>) => {
    const res = await call('GET', `/search?q=${encodeURIComponent(q)}${more}`, headers ? { headers } : {});
    return { ...res, slugs: res.status === 200 ? (res.body.data as { slug: string }[]).map((h) => h.slug) : [] };
  };
  return { app, documents, keeper, upstreams, clock, call, search, tokenFor };
}

/**
 * A search app reading the indexes of real services at these base URLs (another workspace's
 * end-to-end tests: the gateway's agent stack, the tools' services), its first index read before
 * it returns. Admin tokens are never accepted (GET /search/misses answers 401/403).
 */
export async function createSearchOver(urls: { catalog: string; talent: string; content: string }) {
  // The test factories' services accept the tests' credential on /internal/* (@tm/shared/testing).
  const client = (service: string, baseUrl: string) =>
    createServiceClient({ service, baseUrl, timeoutMs: 5000, logger: silentLogger, credential: TEST_SERVICE_CREDENTIAL });
  const keeper = createIndexKeeper({
    sources: indexSources({ catalog: client('catalog', urls.catalog), talent: client('talent', urls.talent), content: client('content', urls.content) }),
    clock: systemClock,
    logger: silentLogger,
    timeoutMs: 5000,
  });
  await keeper.refresh();
  const noKeys: JWTVerifyGetKey = async () => {
    throw new Error('no keys in this test');
  };
  const app = createApp({
    documents: createEmbeddedDocumentStore(),
    keeper,
    tokens: createCallerVerifier({ keys: noKeys, clock: systemClock, revocations: createFixedRevocationView() }),
    logger: silentLogger,
  });
  return { app, keeper };
}
