import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PAGE_STATUSES, PAGE_TYPES, type PageStatus, type PageType } from '@tm/contracts';
import { DomainError } from '@tm/shared';
import { t } from 'elysia';

export const ListPagesQuery = t.Object(
  {
    type: t.Optional(t.String({ description: 'page, faq or article' })),
    page: t.Optional(t.String({ description: 'Page number from 1 (default 1)' })),
    limit: t.Optional(t.String({ description: 'Items per page, 1-100 (default 20)' })),
    status: t.Optional(t.String({ description: 'published (default); draft or archived for admins' })),
  },
  { additionalProperties: true },
);

/** The list query, checked: each bad value a 400 with its own code. */
export function parseListQuery(q: { type?: string; page?: string; limit?: string; status?: string }) {
  const int = (raw: string | undefined, fallback: number, max: number, code: 'INVALID_PAGE' | 'INVALID_LIMIT') => {
    if (raw === undefined) return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
      throw new DomainError(code, `${code === 'INVALID_PAGE' ? 'page' : 'limit'} must be an integer from 1 to ${max}`);
    return Number(raw);
  };
  if (q.type !== undefined && !(PAGE_TYPES as readonly string[]).includes(q.type))
    throw new DomainError('INVALID_PAGE_TYPE', `type must be one of ${PAGE_TYPES.join(', ')}`);
  if (q.status !== undefined && !(PAGE_STATUSES as readonly string[]).includes(q.status))
    throw new DomainError('INVALID_STATUS', `status must be one of ${PAGE_STATUSES.join(', ')}`);
  return {
    type: q.type as PageType | undefined,
    status: (q.status ?? 'published') as PageStatus,
    page: int(q.page, 1, 1_000_000, 'INVALID_PAGE'),
    limit: int(q.limit, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, 'INVALID_LIMIT'),
  };
}
