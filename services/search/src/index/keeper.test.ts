import { describe, expect, it } from 'bun:test';
import { createManualClock, silentLogger } from '@tm/shared';
import { createServiceClient } from '@tm/shared/client';
import { KEEP_RATINGS_WHILE_AWAY_MS } from '@tm/shared/client/ratings';
import { createEmbeddedDocumentStore } from '@tm/shared/store/embedded';
import { waitFor } from '@tm/shared/testing';
import { createApp } from '../app.ts';
import { CORPUS } from '../search/corpus.fixture.ts';
import { createSearchUnderTest } from '../testing.ts';
import { createIndexKeeper } from './keeper.ts';
import { indexSources } from './sources.ts';

const newService = {
  ...CORPUS.catalog[0],
  _id: 'svc-rust-developer',
  slug: 'rust-developer',
  name: 'Rust Developer',
  summary: 'Systems programming in Rust',
} as Record<string, unknown>;

describe('the index keeper', () => {
  it('shows a change at the next refresh, and asks unchanged indexes with their ETag (304, no rebuild)', async () => {
    const { search, keeper, upstreams } = await createSearchUnderTest({ upstreams: CORPUS });
    expect((await search('rust')).slugs).toEqual([]);
    // Several words: an answer the index remembers (and the rebuild below asks again, warmFrom).
    expect((await search('rust systems')).slugs).toEqual([]);
    const built = keeper.current();
    await keeper.refresh();
    expect(keeper.current()).toBe(built);
    expect(upstreams.served).toEqual({ catalog: 1, talent: 1, content: 1, reviews: 1 });
    upstreams.catalog = [...upstreams.catalog, newService];
    await keeper.refresh();
    expect((await search('rust')).slugs).toEqual(['rust-developer']);
    expect((await search('rust systems')).slugs).toEqual(['rust-developer']);
    expect(upstreams.served).toEqual({ catalog: 2, talent: 1, content: 1, reviews: 1 });
    // A removed page leaves with the next refresh.
    upstreams.content = upstreams.content.filter((p) => p.slug !== 'datenschutz');
    await keeper.refresh();
    expect((await search('datenschutz')).slugs).toEqual([]);
  });

  it("reorders by reviews' ratings at the next refresh (a published review up, a hidden one gone), and orders unrated once reviews is away past the ratings book's window", async () => {
    const { search, keeper, upstreams, clock } = await createSearchUnderTest({ upstreams: CORPUS });
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['lena-fischer', 'anita-sharma', 'omar-haddad']);
    const built = keeper.current();
    upstreams.reviews = [...upstreams.reviews, { kind: 'pm', id: 'profile-omar-haddad', count: 200, average: 5, bayesian: 4.96 }];
    await keeper.refresh();
    expect(keeper.current()).not.toBe(built);
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['omar-haddad', 'lena-fischer', 'anita-sharma']);
    upstreams.reviews = upstreams.reviews.filter((r) => r.id !== 'profile-omar-haddad');
    await keeper.refresh();
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['lena-fischer', 'anita-sharma', 'omar-haddad']);
    // Reviews away: its last good ratings are kept for a while (the order holds), then there are
    // none, so availability orders (Anita and Lena available, by slug; Omar limited); search still answers.
    upstreams.down.add('reviews');
    await keeper.refresh();
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['lena-fischer', 'anita-sharma', 'omar-haddad']);
    clock.advance(KEEP_RATINGS_WHILE_AWAY_MS);
    await keeper.refresh();
    expect((await search('scrum', '&types=talent')).slugs).toEqual(['anita-sharma', 'lena-fischer', 'omar-haddad']);
  });

  it('refreshes on its own every interval once started', async () => {
    const { search, keeper, upstreams } = await createSearchUnderTest({ upstreams: CORPUS });
    keeper.start(20);
    try {
      upstreams.catalog = [...upstreams.catalog, newService];
      await waitFor('the new service to be found', async () => (await search('rust')).slugs.length === 1);
    } finally {
      keeper.stop();
    }
    expect((await search('rust')).slugs).toEqual(['rust-developer']);
  });

  it('keeps the last good index of an upstream that is away, and /readyz says so (200 degraded)', async () => {
    const { search, keeper, upstreams, call } = await createSearchUnderTest({ upstreams: CORPUS });
    upstreams.down.add('talent');
    upstreams.catalog = [...upstreams.catalog, newService];
    await keeper.refresh();
    expect((await search('rust')).slugs).toEqual(['rust-developer']);
    expect((await search('anita')).slugs).toEqual(['anita-sharma']);
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.dependencies.talent.status).toBe('down');
    expect(ready.body.reason).toContain("talent's index");
    upstreams.down.delete('talent');
    await keeper.refresh();
    expect((await call('GET', '/readyz')).body.status).toBe('ready');
  });

  it('answers 503 SERVICE_UNAVAILABLE before its first index, and /readyz 503', async () => {
    const keeper = createIndexKeeper({
      sources: indexSources({ catalog: unreachable('catalog'), talent: unreachable('talent'), content: unreachable('content') }),
      clock: createManualClock(0),
      logger: silentLogger,
      timeoutMs: 100,
    });
    await keeper.refresh();
    expect(keeper.current()).toBeUndefined();
    const tokens = {
      optionalCaller: async () => undefined,
      publicCaller: async () => undefined,
      caller: async () => ({ sub: 'a', role: 'admin' as const }),
      admin: async () => ({ sub: 'a', role: 'admin' as const }),
    };
    const app = createApp({ documents: createEmbeddedDocumentStore(), keeper, tokens, logger: silentLogger });
    const res = await app.handle(new Request('http://localhost/search?q=react'));
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    const ready = await app.handle(new Request('http://localhost/readyz'));
    expect(ready.status).toBe(503);
    expect((await ready.json()).reason).toContain('the first search index is not built yet');
  });

  it('never takes a cut-off index: no trailer, or a trailer that counts otherwise, keeps the last good one', async () => {
    const { search, keeper, upstreams } = await createSearchUnderTest({ upstreams: CORPUS });
    const two = CORPUS.catalog.slice(0, 2).map((l) => JSON.stringify(l));
    for (const body of [`${two.join('\n')}\n`, `${two.join('\n')}\n{"end":true,"count":3}\n`, `${two[0]}\n{"_id":"cut`]) {
      upstreams.rawBody.catalog = body;
      await keeper.refresh();
      expect(keeper.sources().catalog?.fresh).toBe(false);
      expect((await search('devops')).slugs).toContain('devops-consulting');
    }
    upstreams.rawBody.catalog = `${two.join('\n')}\n{"end":true,"count":2}\n`;
    await keeper.refresh();
    expect(keeper.sources().catalog?.fresh).toBe(true);
    expect((await search('devops')).slugs).toEqual([]);
  });
});

function unreachable(service: string) {
  return createServiceClient({
    service,
    baseUrl: `http://${service}.test`,
    timeoutMs: 100,
    logger: silentLogger,
    fetch: (async () => {
      throw new TypeError('connection refused');
    }) as unknown as typeof fetch,
  });
}
