import type { Upstreams } from '../site-deps.ts';

/** Which service answers a public `/api` path, and the path it sees (the `/api` prefix stripped). */
export interface Target {
  service: keyof Upstreams;
  path: string;
}

/** Public prefixes and their service (the lead's cross-service contract). A prefix matches itself and `prefix/...`. */
const TABLE: readonly (readonly [prefix: string, service: keyof Upstreams, exact: boolean])[] = [
  ['/api/auth', 'auth', false],
  ['/api/account', 'auth', false],
  ['/api/services', 'catalog', false],
  ['/api/jobs/pricing', 'catalog', true],
  ['/api/pm', 'talent', false],
  ['/api/resource', 'talent', false],
  ['/api/talent', 'talent', false],
  ['/api/bookings', 'bookings', false],
  ['/api/payments', 'bookings', false],
];

/** The service for `path`, or undefined when no service owns it (a 404 ROUTE_NOT_FOUND). */
export function resolveTarget(path: string): Target | undefined {
  for (const [prefix, service, exact] of TABLE) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.length === prefix.length ? '' : path[prefix.length];
    if (rest === '' || (!exact && rest === '/') || (exact && path === `${prefix}/`)) return { service, path: path.slice(4) };
  }
  return undefined;
}

/** The `?query` part of a request URL (with its `?`), or ''. */
export function searchOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const h = url.indexOf('#', q);
  return h < 0 ? url.slice(q) : url.slice(q, h);
}
