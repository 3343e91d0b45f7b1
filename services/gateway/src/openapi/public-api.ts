import { requiresToken } from '../policy/access-rules.ts';
import { resolveTarget } from '../proxy/routing.ts';
import { UPSTREAM_NAMES, type Upstreams } from '../site-deps.ts';

/** A service whose OpenAPI part goes into the public document. */
export type ServiceName = keyof Upstreams;

/** The order of the parts in the merged document (and of their tags). */
export const SERVICE_NAMES: readonly ServiceName[] = UPSTREAM_NAMES;

/**
 * True when the gateway forwards `path` (OpenAPI form, no /api) to `service`: the proxy's own
 * routing table decides, so the document never describes an operation the proxy does not route.
 * Anything else a service describes is not reachable through the gateway and stays out.
 */
export function isPublicPath(service: ServiceName, path: string): boolean {
  return resolveTarget(`/api${path}`)?.service === service;
}

/** True when the gateway requires `Authorization: Bearer` on `method path` (OpenAPI form, no /api): the access table decides. */
export function isProtectedPath(path: string, method: string): boolean {
  return requiresToken(method.toUpperCase(), `/api${path}`);
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
