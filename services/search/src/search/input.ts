import {
  DEFAULT_SEARCH_LIMIT,
  LANGUAGES,
  type Lang,
  MARKET_CODES,
  MAX_MISSES_LIMIT,
  MAX_SEARCH_DEPTH,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_QUERY_LENGTH,
  type MarketCode,
  SEARCH_TYPES,
  type SearchErrorCode,
  type SearchType,
} from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { SearchRequest } from '../index/search-index.ts';

/**
 * Strict parsing of the search queries, one stable code per bad parameter (a parameter given
 * twice included); unknown parameters are ignored. Pure: no framework import.
 */

/** GET /search's `q`, `types`, `page`, `limit`, X-Country (an unknown market is no market filter) and X-Lang (its primary subtag; another language is none). */
export function parseSearch(params: URLSearchParams, country: string | null, lang: string | null = null): SearchRequest {
  once(params, { q: 'INVALID_SEARCH', types: 'INVALID_SEARCH_TYPES', page: 'INVALID_PAGE', limit: 'INVALID_LIMIT' });
  const q = queryText(params.get('q'));
  const limit = integerIn(
    params.get('limit'),
    1,
    MAX_SEARCH_LIMIT,
    DEFAULT_SEARCH_LIMIT,
    'INVALID_LIMIT',
    `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`,
  );
  const maxPage = Math.floor(MAX_SEARCH_DEPTH / limit);
  const page = integerIn(
    params.get('page'),
    1,
    maxPage,
    1,
    'INVALID_PAGE',
    `page must be an integer from 1 to ${maxPage} (the first ${MAX_SEARCH_DEPTH} results)`,
  );
  const types = parseTypes(params.get('types'));
  const market = country?.trim().toUpperCase();
  const language = lang?.trim().toLowerCase().split(/[-_]/)[0];
  return {
    q,
    types,
    page,
    limit,
    ...((MARKET_CODES as readonly string[]).includes(market ?? '') ? { market: market as MarketCode } : {}),
    ...((LANGUAGES as readonly string[]).includes(language ?? '') ? { lang: language as Lang } : {}),
  };
}

/** GET /search/suggest's `q`. */
export function parseSuggest(params: URLSearchParams): string {
  once(params, { q: 'INVALID_SEARCH' });
  return queryText(params.get('q'));
}

/** GET /search/misses's `page` and `limit`. */
export function parseMissesPage(params: URLSearchParams): { page: number; limit: number } {
  once(params, { page: 'INVALID_PAGE', limit: 'INVALID_LIMIT' });
  const limit = integerIn(params.get('limit'), 1, MAX_MISSES_LIMIT, 50, 'INVALID_LIMIT', `limit must be an integer from 1 to ${MAX_MISSES_LIMIT}`);
  const page = integerIn(params.get('page'), 1, 10_000, 1, 'INVALID_PAGE', 'page must be an integer from 1 to 10000');
  return { page, limit };
}

function once(params: URLSearchParams, codes: Record<string, SearchErrorCode>): void {
  for (const [name, code] of Object.entries(codes)) {
    if (params.getAll(name).length > 1) throw new DomainError(code, `${name} may be given once`);
  }
}

/** 1-100 characters that are not all blank, with no control characters. */
function queryText(raw: string | null): string {
  const message = `q must be text of 1-${MAX_SEARCH_QUERY_LENGTH} characters`;
  if (raw === null || raw.trim() === '') throw new DomainError('INVALID_SEARCH', message);
  if ([...raw].length > MAX_SEARCH_QUERY_LENGTH) throw new DomainError('INVALID_SEARCH', message);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(raw) || raw.isWellFormed?.() === false) throw new DomainError('INVALID_SEARCH', 'q must not hold control characters');
  return raw;
}

function parseTypes(raw: string | null): ReadonlySet<SearchType> {
  if (raw === null || raw.trim() === '') return new Set(SEARCH_TYPES);
  const list = raw.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !(SEARCH_TYPES as readonly string[]).includes(s));
  if (bad.length > 0 || list.length > SEARCH_TYPES.length * 2)
    throw new DomainError('INVALID_SEARCH_TYPES', `types must be a comma list of ${SEARCH_TYPES.join(', ')}`);
  return new Set(list as SearchType[]);
}

function integerIn(raw: string | null, min: number, max: number, fallback: number, code: SearchErrorCode, message: string): number {
  if (raw === null || raw === '') return fallback;
  if (!/^[0-9]{1,6}$/.test(raw)) throw new DomainError(code, message);
  const n = Number(raw);
  if (n < min || n > max) throw new DomainError(code, message);
  return n;
}
