import type { Upstreams } from '../site-deps.ts';

/** A service whose OpenAPI part goes into the public document. */
export type ServiceName = keyof Upstreams;

/** The order of the parts in the merged document (and of their tags). */
export const SERVICE_NAMES: readonly ServiceName[] = ['auth', 'catalog', 'talent'];

/**
 * Which public paths the gateway forwards to which service (the lead's routing table, without
 * the /api prefix). Only these paths of a service's part are public: anything else a service
 * describes is not reachable through the gateway and stays out of the public document.
 */
export const PUBLIC_PREFIXES: Readonly<Record<ServiceName, readonly string[]>> = {
  auth: ['/auth/', '/account/', '/account'],
  catalog: ['/services', '/services/', '/jobs/pricing'],
  talent: ['/pm/', '/resource/', '/talent/'],
};

/** True when the gateway routes `path` (OpenAPI form, no /api) to `service`. */
export function isPublicPath(service: ServiceName, path: string): boolean {
  return PUBLIC_PREFIXES[service].some((prefix) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix));
}

/** Areas where the gateway demands an access token before forwarding (DESIGN "Gateway rules"). */
export const PROTECTED_PREFIXES: readonly string[] = ['/bookings', '/payments', '/chat', '/account'];

/** True when the gateway requires `Authorization: Bearer` on `path`. */
export function isProtectedPath(path: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** One operation of the binding spec (section 4), as it must appear in the document. */
export interface SpecOperation {
  operationId: string;
  method: 'get' | 'post';
  path: string;
  service: ServiceName;
  /** Spec section 8: operations that accept the localization headers. */
  xCountry?: boolean;
  xLang?: boolean;
  /** Spec section 7: operations that look an id or slug up answer 404. */
  notFound?: boolean;
  /** DESIGN.md: GET /services carries its totals in X-Total-Count and Link, outside the envelope. */
  paginated?: boolean;
}

/** The 18 operations of spec section 4, with the localization headers section 8 gives them. */
export const SPEC_OPERATIONS: readonly SpecOperation[] = [
  { operationId: 'sendOtp', method: 'post', path: '/auth/send-otp', service: 'auth' },
  { operationId: 'verifyOtp', method: 'post', path: '/auth/verify-otp', service: 'auth' },
  { operationId: 'verifyWidgetToken', method: 'post', path: '/auth/verify-widget-token', service: 'auth' },
  { operationId: 'staffPasswordLogin', method: 'post', path: '/auth/staff-password-login', service: 'auth' },
  { operationId: 'idpSignIn', method: 'post', path: '/auth/idp-signin', service: 'auth' },
  { operationId: 'createGuestSession', method: 'post', path: '/auth/guest-access', service: 'auth' },
  { operationId: 'refreshSession', method: 'post', path: '/auth/refresh', service: 'auth' },
  { operationId: 'forgotPassword', method: 'post', path: '/auth/forgot-password', service: 'auth' },
  { operationId: 'resetPassword', method: 'post', path: '/auth/reset-password', service: 'auth' },
  { operationId: 'listServices', method: 'get', path: '/services', service: 'catalog', xCountry: true, xLang: true, paginated: true },
  { operationId: 'listServiceCatalog', method: 'get', path: '/services/catalog', service: 'catalog', xCountry: true },
  { operationId: 'getService', method: 'get', path: '/services/{id}', service: 'catalog', xCountry: true, xLang: true, notFound: true },
  { operationId: 'quoteService', method: 'get', path: '/services/{id}/quote', service: 'catalog', xCountry: true },
  { operationId: 'quoteJob', method: 'post', path: '/jobs/pricing', service: 'catalog', xCountry: true },
  { operationId: 'getPmProfile', method: 'get', path: '/pm/{id}/profile', service: 'talent', notFound: true },
  { operationId: 'getResourceProfile', method: 'get', path: '/resource/{id}/profile', service: 'talent', notFound: true },
  { operationId: 'listTalentSitemap', method: 'get', path: '/talent/sitemap', service: 'talent' },
  { operationId: 'getTalentProfile', method: 'get', path: '/talent/{slug}', service: 'talent' },
];
