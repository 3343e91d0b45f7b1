import type { Role } from '@tm/contracts';

/**
 * One row of the /api access table. `path` is matched segment by segment: `*` stands for one
 * non-empty segment (an id), and a trailing `/**` for the path before it and everything below
 * it (`/api/chat/**` matches `/api/chat` and `/api/chat/x`, not `/api/chatter`). The first
 * matching row wins, so specific rows come before their prefix's catch-all.
 */
export interface AccessRule {
  /** An HTTP method (HEAD is matched as GET) or '*' for any. */
  method: string;
  path: string;
  /** 'required': an access token is needed (401 without one); 'none': anyone, token or not. */
  token: 'required' | 'none';
  /** Whether a guest token may use it (else 403). */
  guests: boolean;
  /** Only admin tokens (else 403; auth checks it again). Other rows let every non-guest role pass: services decide finer rules. */
  adminOnly?: boolean;
  /** Whether a service implements it: the gateway forwards it; otherwise 501 after the token checks. */
  forward: boolean;
}

/** A protected operation a service implements (token required, forwarded). */
const implemented = (method: string, path: string, guests: boolean, adminOnly = false): AccessRule => ({
  method,
  path,
  token: 'required',
  guests,
  forward: true,
  ...(adminOnly ? { adminOnly } : {}),
});

/** A protected area's catch-all: a token is needed, and what is not listed above answers 501. */
const notYet = (path: string, guests: boolean): AccessRule => ({ method: '*', path, token: 'required', guests, forward: false });

/**
 * Payment providers call their webhooks without a token (the signature over the raw body is the
 * proof, checked by bookings): exactly `/api/payments/webhooks/*` (and below) is outside the token rule.
 */
const WEBHOOKS: AccessRule = { method: '*', path: '/api/payments/webhooks/*/**', token: 'none', guests: true, forward: true };

/** Content (design/content.md): reads are public; acceptances are for any signed-in caller, guests too; writes are the admin's. */
const CONTENT_RULES: readonly AccessRule[] = [
  implemented('POST', '/api/legal/acceptances', true),
  implemented('GET', '/api/legal/pending', true),
  implemented('POST', '/api/legal/*/versions', false),
  implemented('PUT', '/api/i18n/*/*', false),
  implemented('GET', '/api/i18n/*/*/status', false),
  implemented('POST', '/api/content/pages', false),
  implemented('PATCH', '/api/content/pages/*', false),
  implemented('POST', '/api/content/pages/*/publish', false),
  implemented('POST', '/api/content/pages/*/unpublish', false),
];

/** Reviews (design/reviews-search.md): public reads and summaries; writing, reporting, replying and moderating need an account. */
const REVIEWS_RULES: readonly AccessRule[] = [
  implemented('POST', '/api/reviews', false),
  implemented('PATCH', '/api/reviews/*', false),
  implemented('POST', '/api/reviews/*/report', false),
  implemented('POST', '/api/reviews/*/reply', false),
  implemented('POST', '/api/reviews/*/hide', false),
  implemented('POST', '/api/reviews/*/restore', false),
  implemented('GET', '/api/reviews/moderation', false),
  implemented('GET', '/api/reviews/mine', false),
];

/**
 * Growth (design/growth.md): evaluation (/ofrep, outside /api), exposures, tracking, consent
 * and sending a lead are public (a token, when sent, names the user); managing flags, reading
 * results and working leads are the admin's.
 */
const GROWTH_RULES: readonly AccessRule[] = [
  implemented('*', '/api/flags/**', false),
  implemented('GET', '/api/experiments/*/results', false),
  implemented('GET', '/api/leads', false),
  implemented('PATCH', '/api/leads/*', false),
];

/**
 * The protected operations (spec section 5): everything under /api/bookings, /api/payments,
 * /api/chat and /api/account needs a token. Guests may start a checkout (bookings), chat about
 * it, read who they are and end their session; payments and the rest of the account need a real
 * account; staff administration is for admins. Bookings and messaging serve their whole areas.
 * Adding an operation is one row above its area's catch-all, e.g. `implemented('GET', '/api/account/x', false)`.
 *
 * The newer areas (design/*.md) are public except for the rows below: their signed-in and
 * admin operations need a token here (401 without one); who among the signed-in may act (an
 * admin, the review's author) is the owning service's check, so those rows let every non-guest
 * role through.
 */
export const ACCESS_RULES: readonly AccessRule[] = [
  implemented('GET', '/api/account/me', true),
  implemented('PATCH', '/api/account/me', false),
  implemented('POST', '/api/account/sign-out', true),
  implemented('POST', '/api/account/change-password', false),
  implemented('GET', '/api/account/sessions', false),
  implemented('DELETE', '/api/account/sessions/*', false),
  implemented('GET', '/api/account/export', false),
  implemented('DELETE', '/api/account', false),
  implemented('POST', '/api/account/staff', false, true),
  implemented('GET', '/api/account/staff', false, true),
  implemented('POST', '/api/account/staff/*/deactivate', false, true),
  notYet('/api/account/**', false),
  WEBHOOKS,
  implemented('*', '/api/bookings/**', true),
  implemented('*', '/api/payments/**', false),
  // Messaging (design/chat.md): every operation, for every signed-in role, guests included.
  implemented('*', '/api/chat/**', true),
  ...CONTENT_RULES,
  ...REVIEWS_RULES,
  implemented('GET', '/api/search/misses', false),
  ...GROWTH_RULES,
];

/** A rule with its pattern split once: this runs on every /api request. */
interface CompiledRule {
  rule: AccessRule;
  segments: readonly string[];
  /** The pattern ended in `/**`: `segments` is a prefix. */
  prefix: boolean;
}

/**
 * A table compiled once: its rules split into segments and grouped by the path's third segment
 * (`/api/<area>/...`), so a request is matched only against its area's rows, in table order,
 * and a path of an area without rows (the public catalog, talent, search...) is decided by one
 * Map lookup. Rows whose third segment is a pattern (`*`, `**`) or missing go into every area.
 */
interface CompiledTable {
  byArea: Map<string, readonly CompiledRule[]>;
  /** The rows for an area not named by any row. */
  anyArea: readonly CompiledRule[];
}

const compiled = new WeakMap<readonly AccessRule[], CompiledTable>();
function compile(rules: readonly AccessRule[]): CompiledTable {
  let table = compiled.get(rules);
  if (!table) {
    const all = rules.map((rule) => {
      const prefix = rule.path.endsWith('/**');
      return { rule, segments: (prefix ? rule.path.slice(0, -3) : rule.path).split('/'), prefix };
    });
    const literalArea = (c: CompiledRule) => {
      const area = c.segments[2];
      return area === undefined || area === '*' || area === '**' ? undefined : area;
    };
    const areas = new Set(all.map(literalArea).filter((a): a is string => a !== undefined));
    const byArea = new Map<string, readonly CompiledRule[]>();
    for (const area of areas)
      byArea.set(
        area,
        all.filter((c) => literalArea(c) === area || literalArea(c) === undefined),
      );
    table = { byArea, anyArea: all.filter((c) => literalArea(c) === undefined) };
    compiled.set(rules, table);
  }
  return table;
}

function matches(c: CompiledRule, got: readonly string[]): boolean {
  const { segments } = c;
  if (c.prefix ? got.length < segments.length : got.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (seg === '*' ? got[i] === '' : seg !== got[i]) return false;
  }
  return true;
}

/** The third segment of a path (`services` of `/api/services/catalog`), '' when there is none. */
function areaOf(path: string): string {
  const second = path.indexOf('/', 1);
  if (second < 0) return '';
  const third = path.indexOf('/', second + 1);
  return third < 0 ? path.slice(second + 1) : path.slice(second + 1, third);
}

/** A path segment percent-decoded; one that does not decode (a stray `%`) is kept as sent. */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first rule of `rules` for `method path` (HEAD as GET, a trailing slash ignored, segments percent-decoded), if any. */
export function findAccessRule(method: string, path: string, rules: readonly AccessRule[] = ACCESS_RULES): AccessRule | undefined {
  const table = compile(rules);
  const p = path.length > 1 && path.charCodeAt(path.length - 1) === 47 /* / */ ? path.slice(0, -1) : path;
  // Percent-encoded segments are decided as the services read them (their routers decode route
  // parameters): `/api/reviews/m%69ne` is `/api/reviews/mine`'s row, never a public one by accident.
  const encoded = p.includes('%');
  const got = encoded ? p.split('/').map(decodeSegment) : undefined;
  const candidates = table.byArea.get(got ? (got[2] ?? '') : areaOf(p)) ?? table.anyArea;
  if (candidates.length === 0) return undefined;
  const m = method === 'HEAD' ? 'GET' : method;
  const segments = got ?? p.split('/');
  for (const c of candidates) {
    if ((c.rule.method === '*' || c.rule.method === m) && matches(c, segments)) return c.rule;
  }
  return undefined;
}

/** The prefixes whose operations need an access token, from the table's catch-alls. */
export const PROTECTED_PREFIXES: readonly string[] = ACCESS_RULES.filter((r) => r.token === 'required' && r.path.endsWith('/**')).map((r) =>
  r.path.slice(0, -3),
);

/** True for a payment provider's webhook path: no token is asked there. */
export function isPublicWebhook(path: string): boolean {
  return findAccessRule('*', path) === WEBHOOKS;
}

/** The protected prefix `path` falls under, if any (`/api/chat` and `/api/chat/...`, not `/api/chatter`; never a webhook). */
export function protectedPrefix(path: string): string | undefined {
  if (isPublicWebhook(path)) return undefined;
  return PROTECTED_PREFIXES.find((prefix) => path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47) /* / */);
}

/** Whether the access table asks for an access token on `method path` (a token-free row, such as webhooks, does not). */
export function requiresToken(method: string, path: string): boolean {
  return findAccessRule(method, path)?.token === 'required';
}

/** Whether `role` may use `method path` (see ACCESS_RULES): admin-only rows for admins, guests where a row lets them. */
export function mayAccess(role: Role, method: string, path: string, rules: readonly AccessRule[] = ACCESS_RULES): boolean {
  const rule = findAccessRule(method, path, rules);
  if (rule?.adminOnly) return role === 'admin';
  return role !== 'guest' || rule?.guests === true;
}

/** True when a service implements this protected operation, so the gateway forwards it (bookings serves its whole areas). */
export function isImplementedProtected(method: string, path: string): boolean {
  const rule = findAccessRule(method, path);
  return rule !== undefined && rule.token === 'required' && rule.forward;
}
