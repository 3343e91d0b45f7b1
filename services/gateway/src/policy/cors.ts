/**
 * CORS for browser clients: only origins on the configured list get the Access-Control headers
 * (no credentials: the API uses bearer tokens, not cookies). `*` on the list allows any origin.
 */
const EXPOSED = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'Retry-After',
  'X-Request-Id',
  'X-Total-Count',
  'Link',
  'Content-Language',
  'WWW-Authenticate',
  'Mcp-Session-Id',
].join(', ');
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Accept-Language, X-Country, X-Lang, X-Request-Id, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** Browsers may cache a preflight this long (seconds), so it costs a quota point rarely. */
const PREFLIGHT_MAX_AGE_S = '600';

/** Decides the CORS headers for one request's Origin. */
export interface CorsPolicy {
  /**
   * Headers for an actual (non-preflight) response. A request with an Origin always gets
   * `Vary: Origin` (when a list is configured), so a shared cache never hands one origin's answer
   * to another; only allowed origins get the allow headers.
   */
  headersFor(origin: string | null): Readonly<Record<string, string>> | undefined;
  /** Headers answering a preflight, or undefined when the origin is not allowed. */
  preflightHeadersFor(origin: string | null): Record<string, string> | undefined;
}

const VARY_ONLY: Readonly<Record<string, string>> = { vary: 'Origin' };

/** Builds the policy from the `CORS_ORIGINS` list (origins as config normalised them, or `*`). */
export function createCorsPolicy(origins: readonly string[]): CorsPolicy {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const allows = (origin: string | null): origin is string => origin !== null && (any || allowed.has(origin));
  return {
    headersFor(origin) {
      if (origin === null || origins.length === 0) return undefined;
      if (!allows(origin)) return VARY_ONLY;
      return { 'access-control-allow-origin': any ? '*' : origin, 'access-control-expose-headers': EXPOSED, vary: 'Origin' };
    },
    preflightHeadersFor(origin) {
      if (!allows(origin)) return undefined;
      return {
        'access-control-allow-origin': any ? '*' : origin,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE_S,
        vary: 'Origin',
      };
    },
  };
}

/** True for a CORS preflight (OPTIONS with Access-Control-Request-Method), which the gateway answers itself. */
export function isPreflight(method: string, headers: Headers): boolean {
  return method === 'OPTIONS' && headers.has('access-control-request-method');
}
