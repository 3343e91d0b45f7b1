/**
 * RFC 8288 `Link` header with query-only relative targets (`<?page=2&limit=20>`), so the links
 * resolve against whatever path the client called (the gateway strips `/api`), as catalog does.
 */
export function paginationLinks(requestUrl: URL, page: number, limit: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / limit));
  const target = (p: number) => {
    const params = new URLSearchParams(requestUrl.searchParams);
    params.set('page', String(p));
    params.set('limit', String(limit));
    return `<?${params.toString()}>`;
  };
  const links = [`${target(1)}; rel="first"`];
  if (page > 1) links.push(`${target(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${target(page + 1)}; rel="next"`);
  links.push(`${target(last)}; rel="last"`);
  return links.join(', ');
}
