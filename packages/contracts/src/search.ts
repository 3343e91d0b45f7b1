import { t } from 'elysia';

/**
 * One search (design/reviews-search.md "One search"): services, talent profiles and published
 * pages found by what people type, in any of en, hi, ar and de, through `GET /search`.
 */

export const SEARCH_TYPES = ['service', 'talent', 'page'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SearchTypeSchema = t.UnionEnum(SEARCH_TYPES, { title: 'SearchType' });

/** `q` is 1-100 characters; `limit` 1-50 (default 20); `page` from 1, and page × limit at most MAX_SEARCH_DEPTH. */
export const MAX_SEARCH_QUERY_LENGTH = 100;
export const MAX_SEARCH_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 20;
/** How deep a search pages: results past the first 1000 are not ranked (narrow the query instead). */
export const MAX_SEARCH_DEPTH = 1000;
/** Completions `GET /search/suggest` answers at most. */
export const MAX_SUGGESTIONS = 8;
/** Misses `GET /search/misses` answers at most per page. */
export const MAX_MISSES_LIMIT = 100;

/** Query of `GET /search`: every field a string here (described, not checked), read by the service's own parser so every bad value is a 400 with a stable code. */
export const SearchQuerySchema = t.Object(
  {
    q: t.Optional(
      t.String({
        description: `Required: what the person typed, 1-${MAX_SEARCH_QUERY_LENGTH} characters, in any of en, hi, ar, de; typos and short forms welcome`,
      }),
    ),
    types: t.Optional(t.String({ description: `Comma list of ${SEARCH_TYPES.join(', ')} (default all)`, examples: ['service,talent'] })),
    page: t.Optional(t.String({ description: `From 1 (default 1); page × limit at most ${MAX_SEARCH_DEPTH}` })),
    limit: t.Optional(t.String({ description: `1-${MAX_SEARCH_LIMIT} (default ${DEFAULT_SEARCH_LIMIT})` })),
  },
  { title: 'SearchQuery' },
);

/** One hit of `GET /search`, best first. */
export const SearchHitSchema = t.Object(
  {
    type: SearchTypeSchema,
    id: t.String(),
    slug: t.String(),
    title: t.String(),
    summary: t.String(),
    url: t.String({ description: 'Site path of the hit (the page a person opens)' }),
    score: t.Number({ description: 'Relevance: matched words × 100 plus field weights; higher is better' }),
  },
  { title: 'SearchHit', additionalProperties: false },
);
export type SearchHit = typeof SearchHitSchema.static;

/** Query of `GET /search/suggest`: `q` is what was typed so far; its last word is completed (checked by the service, as SearchQuery). */
export const SuggestQuerySchema = t.Object(
  { q: t.Optional(t.String({ description: `Required: 1-${MAX_SEARCH_QUERY_LENGTH} characters` })) },
  { title: 'SuggestQuery' },
);

/** One completion: the query with its last word completed, and how many documents hold that word. */
export const SearchSuggestionSchema = t.Object(
  { text: t.String(), word: t.String(), count: t.Integer({ minimum: 1 }) },
  { title: 'SearchSuggestion', additionalProperties: false },
);
export type SearchSuggestion = typeof SearchSuggestionSchema.static;

/** Query of `GET /search/misses` (admin). */
export const MissesQuerySchema = t.Object(
  {
    page: t.Optional(t.String({ description: 'From 1 (default 1)' })),
    limit: t.Optional(t.String({ description: `1-${MAX_MISSES_LIMIT} (default 50)` })),
  },
  { title: 'MissesQuery' },
);

/** A normalised query that found nothing, and how often (admins read them to add synonyms or content). */
export const SearchMissSchema = t.Object(
  { query: t.String(), count: t.Integer({ minimum: 1 }), lastAt: t.String({ format: 'date-time' }) },
  { title: 'SearchMiss', additionalProperties: false },
);
export type SearchMiss = typeof SearchMissSchema.static;
