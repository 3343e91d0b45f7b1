import { MissesQuerySchema, SearchHitSchema, SearchMissSchema, SearchQuerySchema, SearchSuggestionSchema, SuggestQuerySchema } from '@tm/contracts';
import { DomainError, ok } from '@tm/shared';
import { ErrorEnvelopeSchema, envelopeOf, paginationHeaders } from '@tm/shared/http';
import type { CallerVerifier } from '@tm/shared/tokens/callers';
import { Elysia, t } from 'elysia';
import type { IndexKeeper } from '../index/keeper.ts';
import type { SearchIndex } from '../index/search-index.ts';
import type { MissLog } from '../misses/misses.ts';
import { parseMissesPage, parseSearch, parseSuggest } from './input.ts';
import { SEARCH_DOCS } from './route-docs.ts';

/** GET /search, /search/suggest (public) and /search/misses (admin). */
export function createSearchRoutes(deps: { keeper: IndexKeeper; misses: MissLog; tokens: CallerVerifier }) {
  const ready = (): SearchIndex => {
    const index = deps.keeper.current();
    if (!index) throw new DomainError('SERVICE_UNAVAILABLE', 'Search is still reading its indexes; try again shortly');
    return index;
  };
  return new Elysia({ name: 'search-routes' })
    .get(
      '/search',
      async ({ request, set }) => {
        const url = new URL(request.url);
        const r = parseSearch(url.searchParams, request.headers.get('x-country'), request.headers.get('x-lang'));
        const answer = ready().search(r);
        if (answer.facets.service + answer.facets.talent + answer.facets.page === 0) await deps.misses.record(answer.normalised);
        Object.assign(set.headers, paginationHeaders(url, r.page, r.limit, answer.total), {
          'x-facet-type': `service=${answer.facets.service}, talent=${answer.facets.talent}, page=${answer.facets.page}`,
          vary: 'X-Country, X-Lang',
        });
        return ok(answer.hits);
      },
      {
        query: SearchQuerySchema,
        response: { 200: envelopeOf(t.Array(SearchHitSchema), 'SearchHitListEnvelope'), 400: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
        detail: SEARCH_DOCS.search,
      },
    )
    .get('/search/suggest', ({ request }) => ok(ready().suggest(parseSuggest(new URL(request.url).searchParams))), {
      query: SuggestQuerySchema,
      response: { 200: envelopeOf(t.Array(SearchSuggestionSchema), 'SearchSuggestionListEnvelope'), 400: ErrorEnvelopeSchema, 503: ErrorEnvelopeSchema },
      detail: SEARCH_DOCS.suggest,
    })
    .get(
      '/search/misses',
      async ({ request, set }) => {
        await deps.tokens.admin(request.headers.get('authorization'));
        const url = new URL(request.url);
        const { page, limit } = parseMissesPage(url.searchParams);
        const { items, total } = await deps.misses.list(page, limit);
        Object.assign(set.headers, paginationHeaders(url, page, limit, total));
        return ok(items);
      },
      {
        query: MissesQuerySchema,
        response: {
          200: envelopeOf(t.Array(SearchMissSchema), 'SearchMissListEnvelope'),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
        detail: SEARCH_DOCS.misses,
      },
    );
}
