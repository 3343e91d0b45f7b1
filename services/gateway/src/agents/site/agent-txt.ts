import { DEFAULT_LANG, DEFAULT_MARKET, LANGUAGES, MARKETS } from '@tm/contracts';
import type { Quotas } from '../../policy/limiter.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { SITE_TITLE } from './llms.ts';

/** The public API operations (spec section 4), for agents that read no OpenAPI. */
const OPERATIONS: readonly [method: string, path: string, operationId: string, what: string][] = [
  ['GET', '/services', 'listServices', 'catalog page (page, limit 1-100, category, search); X-Total-Count and Link headers'],
  ['GET', '/services/catalog', 'listServiceCatalog', 'every service as {_id, slug, name}, for pickers'],
  ['GET', '/services/{id}', 'getService', 'one service by id or slug: copy, pricing, FAQ, available PMs'],
  ['GET', '/services/{id}/quote', 'quoteService', 'price one service (hours, qty) in the X-Country market'],
  ['POST', '/jobs/pricing', 'quoteJob', 'price a cart {items: [{serviceId, hours, qty}]}; no login'],
  ['GET', '/pm/{id}/profile', 'getPmProfile', 'project manager profile by id or slug'],
  ['GET', '/resource/{id}/profile', 'getResourceProfile', 'field resource profile by id or slug'],
  ['GET', '/talent/sitemap', 'listTalentSitemap', 'slugs of every indexable talent profile'],
  ['GET', '/talent/{slug}', 'getTalentProfile', 'expert profile: skills, experience, availability'],
  ['POST', '/auth/send-otp', 'sendOtp', 'SMS one-time code (then /auth/verify-otp)'],
  ['POST', '/auth/verify-otp', 'verifyOtp', 'exchange the code for a session'],
  ['POST', '/auth/verify-widget-token', 'verifyWidgetToken', 'exchange an SMS widget token for a session'],
  ['POST', '/auth/idp-signin', 'idpSignIn', 'exchange an identity-provider ID token for a session'],
  ['POST', '/auth/staff-password-login', 'staffPasswordLogin', 'staff sign-in with a password'],
  ['POST', '/auth/guest-access', 'createGuestSession', 'anonymous low-privilege guest session'],
  ['POST', '/auth/refresh', 'refreshSession', 'new access token from a refresh token'],
  ['POST', '/auth/forgot-password', 'forgotPassword', 'staff password reset email'],
  ['POST', '/auth/reset-password', 'resetPassword', 'set a new staff password from the emailed token'],
];

/** The gateway's configured quotas, which agent.txt states so agents can pace themselves. */
export interface RateLimitFacts {
  quotas: Quotas;
  windowS: number;
}

/** /agent.txt: when and how an agent should use the service. */
export function renderAgentTxt(origin: string, limits: RateLimitFacts): string {
  const { quotas, windowS } = limits;
  const markets = Object.values(MARKETS).map(
    (m) => `  ${m.code}  ${m.name}: prices in ${m.currency}, ${m.taxName} ${m.taxBasisPoints / 100}%, languages ${m.languages.join(', ')}`,
  );
  const tools = MCP_TOOLS.map((t) => `  ${t.name}: ${t.description}`);
  const ops = OPERATIONS.map(([method, path, id, what]) => `  ${method.padEnd(4)} ${origin}/api${path}  (${id}) ${what}`);
  return [
    `# ${SITE_TITLE}: instructions for agents`,
    '',
    'WHEN TO USE',
    '  Use this service when a user wants to hire tech talent by the hour (developers, designers, data, cloud/DevOps, QA, security),',
    '  book a scoped project (MVP build, cloud migration, security audit, ...), get a price for either in India, the UAE, Germany,',
    '  the US or Australia, or look up the project managers, field resources and experts who deliver the work.',
    '  Quotes are estimates with tax, valid for a limited time; booking and payment need a signed-in customer.',
    '',
    'MCP SERVER (preferred for agents)',
    `  ${origin}/mcp  Streamable HTTP, stateless: POST one JSON-RPC 2.0 message (Accept: application/json, text/event-stream);`,
    '  answers are JSON. GET and DELETE answer 405. No session id is issued or needed.',
    '  Example: "price 120 hours of a React developer in Germany" is one call:',
    '    quote_service {"service": "react-developer", "hours": 120, "market": "DE"}',
    '  Tools:',
    ...tools,
    '',
    'REST API',
    `  Base: ${origin}/api   Description: ${origin}/openapi.json (OpenAPI 3.0)`,
    '  Every JSON body is an envelope: {"success": true, "data": ...} or {"success": false, "error": {"code", "message"}}.',
    '  Money is integer minor units (cents, paise, fils) with an ISO 4217 currency, never a float.',
    ...ops,
    '',
    'AUTHENTICATION',
    '  Catalog, pricing, quotes and talent profiles are public: no token needed (also for POST /api/jobs/pricing and /mcp).',
    '  Bookings, payments, chat and account need "Authorization: Bearer <access token>" from one of the /api/auth flows;',
    '  POST /api/auth/guest-access gives a low-privilege guest token. Access tokens last 15 minutes; refresh with /api/auth/refresh.',
    '  A valid bearer token on any request (including /mcp) moves the caller to the per-account rate-limit bucket.',
    '',
    'RATE LIMITS',
    '  Every response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds until the window resets).',
    `  Anonymous callers and guests share a quota per IP address (${quotas.anonymous} requests per ${windowS} s), signed-in callers one`,
    `  per account (${quotas.authenticated} per ${windowS} s), and /api/auth/* a tighter one per IP address (${quotas['auth-routes']} per ${windowS} s).`,
    '  Over the quota: 429 with Retry-After and the error code RATE_LIMITED. Throttle on RateLimit-Remaining instead of retrying blindly.',
    '',
    'LOCALIZATION',
    `  X-Country: market to price in, one of ${Object.keys(MARKETS).join(', ')} (default ${DEFAULT_MARKET}); anything else is a 400 INVALID_COUNTRY.`,
    `  X-Lang: BCP-47 language for copy, ${LANGUAGES.join(', ')} (default ${DEFAULT_LANG}); others fall back to ${DEFAULT_LANG} (see Content-Language).`,
    '  MCP tools take the same values as their market and language arguments.',
    ...markets,
    '',
    'MORE',
    `  ${origin}/llms.txt  curated map   ${origin}/llms-full.txt  every page   ${origin}/sitemap.xml  XML sitemap`,
    '',
  ].join('\n');
}
