/**
 * RFC 8288 `Link` header for a paginated list (catalog's GET /services, bookings' GET /bookings,
 * auth's staff list). Targets are query-only relative references
 * (`<?page=2&limit=20>`): they resolve against whatever path the client called, so the links
 * stay right behind the gateway, which strips its `/api` prefix before forwarding.
 * Every other query parameter of the request is kept.
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

/** The headers of one page of a list: the total in `X-Total-Count` and the `Link` header above. */
export function paginationHeaders(requestUrl: URL, page: number, limit: number, total: number): { 'x-total-count': string; link: string } {
  return { 'x-total-count': String(total), link: paginationLinks(requestUrl, page, limit, total) };
}
