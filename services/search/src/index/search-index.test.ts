import { describe, expect, it } from 'bun:test';
import { LANGUAGES, MARKET_CODES, SEARCH_TYPES, type SearchType } from '@tm/contracts';
import { parseQuery } from '@tm/shared/search';
import { pageDocument, type SearchDocument, serviceDocument, talentDocument } from './documents.ts';
import { type SearchAnswer, SearchIndex, type SearchRequest } from './search-index.ts';

const ROLES = ['developer', 'developers', 'engineer', 'architect', 'devops lead'];
const TECH = ['react', 'kubernetes', 'python', 'rust', 'kotlin'];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** 900 documents of every type sharing a few words (exact, prefix, typo and synonym matches in every field), markets and languages varied, some rated. */
function corpus(): SearchDocument[] {
  const docs: (SearchDocument | undefined)[] = [];
  for (let i = 0; i < 300; i++) {
    const rating = i % 4 === 0 ? { count: 1 + (i % 30), average: 3 + (i % 20) / 10 } : undefined;
    docs.push(
      serviceDocument({
        _id: `s${i}`,
        slug: `service-${i}`,
        name: `${pick(TECH, i)} ${pick(ROLES, i >> 1)}`,
        summary: i % 3 ? `Ships ${pick(TECH, i + 1)} work with a ${pick(ROLES, i + 2)}` : 'Plain words only',
        category: i % 2 ? 'backend' : 'devops',
        kind: i % 3 ? 'role' : 'project',
        markets: MARKET_CODES.filter((_, k) => (i + k) % 3 !== 0),
        ...(rating ? { rating } : {}),
      }),
      talentDocument({
        slug: `person-${i}`,
        kind: pick(['pm', 'resource', 'expert'], i),
        displayName: `Person ${pick(['Dev', 'Asha', 'Omar'], i)}`,
        headline: `${pick(TECH, i + 2)} ${pick(ROLES, i + 3)}`,
        skills: [pick(TECH, i), pick(TECH, i + 3)],
        industries: [pick(['fintech', 'retail'], i)],
        location: pick(MARKET_CODES, i),
        availability: pick(['available', 'limited', 'unavailable'], i),
        ...(rating ? { rating } : {}),
      }),
      pageDocument({
        id: `p${i}`,
        slug: `page-${i}`,
        type: pick(['page', 'faq', 'article'], i),
        lang: pick(LANGUAGES, i),
        title: `${pick(ROLES, i)} guide ${pick(['डेवलपर', 'Entwickler', 'مطور', 'developr'], i)}`,
        summary: `How a ${pick(TECH, i)} team works`,
      }),
    );
  }
  return docs.filter((d): d is SearchDocument => d !== undefined);
}

const TYPE_SETS: ReadonlySet<SearchType>[] = [new Set(SEARCH_TYPES), new Set(['page']), new Set(['service', 'talent'])];

describe('the search index remembering what it ranked', () => {
  it('answers a one-word query from its ranking: every page, filter, language and facet as scoring every candidate does', async () => {
    const index = await SearchIndex.build(corpus(), 0);
    let compared = 0;
    let withHits = 0;
    for (const q of ['developer', 'dev', 'developr', 'डेवलपर', 'entwickler', 'kube', 'kubernets', 'guide', 'for', 'zebra']) {
      for (const types of TYPE_SETS)
        for (const market of [undefined, 'IN', 'DE'] as const)
          for (const lang of [undefined, 'en', 'hi', 'de'] as const)
            for (const page of [1, 2, 5]) {
              const r: SearchRequest = { q, types, page, limit: 7, ...(market ? { market } : {}), ...(lang ? { lang } : {}) };
              // Twice: the second answer comes from the remembered ranking and its counted facets.
              for (let twice = 0; twice < 2; twice++) {
                const fast = index.search(r);
                const terms = parseQuery(q);
                expect(fast).toEqual(index.scored(terms, r, terms.map((t) => t.word).join(' ')));
              }
              compared++;
              if (index.search(r).hits.length > 0) withHits++;
            }
    }
    expect(compared).toBe(10 * 3 * 3 * 4 * 3);
    // The comparison means something: most requests find hits, over several levels of relevance,
    // and the caller's language lifts some pages (scores are multiples of 0.05 but for its 0.01).
    expect(withHits).toBeGreaterThan(compared / 2);
    const all = (q: string, r: Partial<SearchRequest>) => index.search({ q, types: new Set(SEARCH_TYPES), page: 1, limit: 1_000, ...r }).hits;
    expect(new Set(all('developer', {}).map((h) => h.score)).size).toBeGreaterThan(3);
    expect(all('guide', { lang: 'hi' }).filter((h) => Math.round(h.score * 100) % 5 !== 0).length).toBe(75);
  });

  it('remembers a several-word answer per request: each filter, language and page its own', async () => {
    const index = await SearchIndex.build(corpus(), 0);
    const requests: SearchRequest[] = [];
    for (const q of ['react developer', 'kube guide', 'python for developers'])
      for (const types of TYPE_SETS)
        for (const market of [undefined, 'IN'] as const)
          for (const lang of [undefined, 'hi'] as const)
            for (const page of [1, 2]) requests.push({ q, types, page, limit: 5, ...(market ? { market } : {}), ...(lang ? { lang } : {}) });
    const reference = requests.map((r) => {
      const terms = parseQuery(r.q);
      return index.scored(terms, r, terms.map((t) => t.word).join(' '));
    });
    // Asked twice over, interleaved: the second round comes from what the first remembered.
    for (let round = 0; round < 2; round++)
      requests.forEach((r, i) => {
        expect(index.search(r)).toEqual(reference[i] as SearchAnswer);
      });
    expect(new Set(reference.map((a) => JSON.stringify(a))).size).toBeGreaterThan(requests.length / 3);
  });

  it('asks a rebuilt index what its predecessor was asked last, once each, and answers the same', async () => {
    const before = await SearchIndex.build(corpus(), 0);
    const all = new Set(SEARCH_TYPES);
    const asked: SearchRequest[] = [
      { q: 'developer', types: all, page: 1, limit: 10 },
      { q: 'kubernets', types: all, page: 1, limit: 10, market: 'IN' },
      { q: 'react developer', types: all, page: 2, limit: 5, lang: 'hi' },
      { q: 'Developer!', types: all, page: 1, limit: 10 },
      { q: 'guide', types: new Set(['page']), page: 1, limit: 10, lang: 'de' },
    ];
    for (const r of asked) before.search(r);
    const after = await SearchIndex.build(corpus(), 1);
    // "Developer!" is "developer" asked again: four distinct requests.
    expect(await after.warmFrom(before)).toBe(4);
    expect(await after.warmFrom(before, 2)).toBe(2);
    for (const r of asked) expect(after.search(r)).toEqual(before.search(r));
  });
});
