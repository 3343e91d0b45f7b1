import { MAX_SEARCH_DEPTH, MAX_SEARCH_LIMIT, MAX_SEARCH_QUERY_LENGTH, MAX_SUGGESTIONS } from '@tm/contracts';

/** The OpenAPI text of the search routes (docs/search.md says the same at length). */
export const SEARCH_DOCS = {
  search: {
    operationId: 'search',
    summary: 'Search services, people and pages',
    tags: ['Search'],
    description:
      'One search over bookable services, talent profiles and published pages, by what a person types in English, Hindi, Arabic or German. ' +
      'Every word must match a word of the result as its beginning or with a typo (1 edit from 5 letters, 2 from 9); stop words ("for", "के", "في", "für") are not required; ' +
      'short forms and transliterations count ("js", "pm", "डेवलपर"). Text is compared after Unicode NFKC, lower case, accents and Arabic letter forms folded, and digits of any script made ASCII. ' +
      'Best first: matched words, then where they matched (title before summary), then the Bayesian rating, then availability. ' +
      `\`q\` 1-${MAX_SEARCH_QUERY_LENGTH} characters; \`types\` a comma list of service, talent, page (default all); \`limit\` 1-${MAX_SEARCH_LIMIT} (default 20); \`page\` from 1, the first ${MAX_SEARCH_DEPTH} results. ` +
      'With X-Country, services not offered in that market are left out; with X-Lang, a page in that language goes before an equally relevant one in another. `X-Total-Count` counts the matches of the asked types; `X-Facet-Type` counts every type (`service=12, talent=3, page=1`). ' +
      'Errors: 400 INVALID_SEARCH, INVALID_SEARCH_TYPES, INVALID_PAGE, INVALID_LIMIT; 503 SERVICE_UNAVAILABLE before the first index is read. No login needed.',
  },
  suggest: {
    operationId: 'suggestSearch',
    summary: 'Complete the last word of a search',
    tags: ['Search'],
    description: `Up to ${MAX_SUGGESTIONS} completions of the last word of \`q\` from titles, skills, industries and categories, most common first, each with the whole query completed. 400 INVALID_SEARCH.`,
  },
  misses: {
    operationId: 'listSearchMisses',
    summary: 'Searches that found nothing (admin)',
    tags: ['Search'],
    description:
      'Each normalised query that found nothing, with how often and when last, most frequent first: what to add to the synonym table or the content. Paged (`page`, `limit` 1-100, default 50; X-Total-Count). 401 without a token, 403 for any role but admin.',
  },
};
