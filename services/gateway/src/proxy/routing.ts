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
  ['/api/chat', 'messaging', false],
  ['/api/legal', 'content', false],
  ['/api/i18n', 'content', false],
  ['/api/content', 'content', false],
  ['/api/reviews', 'reviews', false],
  ['/api/search', 'search', false],
  ['/api/flags', 'growth', false],
  ['/api/experiments', 'growth', false],
  ['/api/track', 'growth', false],
  ['/api/consents', 'growth', false],
  ['/api/leads', 'growth', false],
  ['/api/chatbot', 'assistant', false],
];

/**
 * OFREP (OpenFeature's remote evaluation protocol) lives at the site root, where OpenFeature's
 * OFREP providers look for it: `/ofrep/v1/...` goes to growth with its path unchanged, and its
 * answers are OFREP's own shapes, not the envelope (like /mcp).
 */
export const OFREP_PREFIX = '/ofrep/v1/';

/** The growth target of a root-level OFREP path (`/ofrep/v1/...`), or undefined for any other path. */
export function resolveOfrepTarget(path: string): Target | undefined {
  return path.startsWith(OFREP_PREFIX) && path.length > OFREP_PREFIX.length ? { service: 'growth', path } : undefined;
}

/** The service for `path`, or undefined when no service owns it (a 404 ROUTE_NOT_FOUND). */
export function resolveTarget(path: string): Target | undefined {
  for (const [prefix, service, exact] of TABLE) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.length === prefix.length ? '' : path[prefix.length];
    if (rest === '' || (!exact && rest === '/') || (exact && path === `${prefix}/`)) return { service, path: path.slice(4) };
  }
  return undefined;
}

/** The `?query` part of a request URL (with its `?`), or '' (also when the '?' comes after a '#': it is the fragment's). */
export function searchOf(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  const h = url.indexOf('#');
  if (h < 0) return url.slice(q);
  return h < q ? '' : url.slice(q, h);
}
