import type { TalentErrorCode } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import type { TalentSearch } from './directory-snapshot.ts';
import type { TalentRole } from './model.ts';

/** Bounds of GET /talent's query (the same page bounds as GET /services). */
export const TALENT_PAGE_LIMIT_MAX = 100;
export const TALENT_PAGE_LIMIT_DEFAULT = 20;
export const TALENT_SEARCH_MAX = 100;
export const TALENT_SKILLS_MAX = 10;

const ROLES: readonly TalentRole[] = ['pm', 'resource', 'expert'];
const CODES = {
  page: 'INVALID_PAGE',
  limit: 'INVALID_LIMIT',
  search: 'INVALID_SEARCH',
  role: 'INVALID_ROLE',
  skills: 'INVALID_SKILLS',
  industry: 'INVALID_INDUSTRY',
  available: 'INVALID_AVAILABLE',
} as const satisfies Record<string, TalentErrorCode>;

/** A parsed GET /talent query. */
export interface TalentSearchRequest {
  query: TalentSearch;
  page: number;
  limit: number;
}

/**
 * Strict parsing of GET /talent's query, one stable code per bad parameter (a parameter given
 * twice included); unknown parameters are ignored, as GET /services does. A blank text filter is
 * no filter. Pure: no framework import.
 */
export function parseTalentSearch(params: URLSearchParams): TalentSearchRequest {
  for (const [name, code] of Object.entries(CODES)) {
    if (params.getAll(name).length > 1) throw new DomainError(code, `${name} may be given once`);
  }
  const page = integerIn(params.get('page'), 1, Number.MAX_SAFE_INTEGER, 1, 'INVALID_PAGE', 'page must be an integer of at least 1');
  const limit = integerIn(
    params.get('limit'),
    1,
    TALENT_PAGE_LIMIT_MAX,
    TALENT_PAGE_LIMIT_DEFAULT,
    'INVALID_LIMIT',
    `limit must be an integer from 1 to ${TALENT_PAGE_LIMIT_MAX}`,
  );
  const query: TalentSearch = {};
  const search = text(params.get('search'), 'INVALID_SEARCH', 'search');
  if (search !== undefined) query.search = search;
  const role = params.get('role');
  if (role !== null && role !== '') {
    if (!(ROLES as readonly string[]).includes(role)) throw new DomainError('INVALID_ROLE', `role must be one of ${ROLES.join(', ')}`);
    query.role = role as TalentRole;
  }
  const skills = text(params.get('skills'), 'INVALID_SKILLS', 'skills');
  if (skills !== undefined) {
    const list = skills
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    if (list.length > TALENT_SKILLS_MAX) throw new DomainError('INVALID_SKILLS', `skills may name at most ${TALENT_SKILLS_MAX} skills`);
    if (list.length > 0) query.skills = list;
  }
  const industry = text(params.get('industry'), 'INVALID_INDUSTRY', 'industry');
  if (industry !== undefined) query.industry = industry;
  const available = params.get('available');
  if (available !== null && available !== '') {
    if (available !== 'true' && available !== 'false') throw new DomainError('INVALID_AVAILABLE', 'available must be true or false');
    query.available = available === 'true';
  }
  return { query, page, limit };
}

function integerIn(raw: string | null, min: number, max: number, fallback: number, code: TalentErrorCode, message: string): number {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new DomainError(code, message);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new DomainError(code, message);
  return n;
}

function text(raw: string | null, code: TalentErrorCode, name: string): string | undefined {
  if (raw === null) return undefined;
  if (raw.length > TALENT_SEARCH_MAX) throw new DomainError(code, `${name} may be at most ${TALENT_SEARCH_MAX} characters`);
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}
