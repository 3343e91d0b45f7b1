import type { Role } from '@tm/contracts';

/** Prefixes whose operations act on one customer and need an access token (spec section 5). */
export const PROTECTED_PREFIXES = ['/api/bookings', '/api/payments', '/api/chat', '/api/account'] as const;

/**
 * Payment providers call their webhooks without a token (the signature over the raw body is the
 * proof, checked by bookings): exactly `/api/payments/webhooks/*` is outside the token rule.
 */
export function isPublicWebhook(path: string): boolean {
  return path.startsWith('/api/payments/webhooks/') && path.length > '/api/payments/webhooks/'.length;
}

/** The protected prefix `path` falls under, if any (`/api/chat` and `/api/chat/...`, not `/api/chatter`). */
export function protectedPrefix(path: string): string | undefined {
  if (isPublicWebhook(path)) return undefined;
  for (const prefix of PROTECTED_PREFIXES) {
    if (path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47) /* / */) return prefix;
  }
  return undefined;
}

/**
 * The protected operations some service implements today (auth's account area), whether a guest
 * may use each, and whether only admins may. `*` stands for one path segment (an id). Everything
 * else under the protected prefixes answers 501 after the token check, so clients learn the
 * operation is missing rather than meeting a proxy error.
 */
const IMPLEMENTED: readonly { method: string; path: string; guests: boolean; adminOnly?: boolean }[] = [
  { method: 'GET', path: '/api/account/me', guests: true },
  { method: 'PATCH', path: '/api/account/me', guests: false },
  { method: 'POST', path: '/api/account/sign-out', guests: true },
  { method: 'POST', path: '/api/account/change-password', guests: false },
  { method: 'GET', path: '/api/account/sessions', guests: false },
  { method: 'DELETE', path: '/api/account/sessions/*', guests: false },
  { method: 'GET', path: '/api/account/export', guests: false },
  { method: 'DELETE', path: '/api/account', guests: false },
  { method: 'POST', path: '/api/account/staff', guests: false, adminOnly: true },
  { method: 'GET', path: '/api/account/staff', guests: false, adminOnly: true },
  { method: 'POST', path: '/api/account/staff/*/deactivate', guests: false, adminOnly: true },
];

/** `path` against a rule path where `*` matches one non-empty segment. */
function matches(rule: string, path: string): boolean {
  if (!rule.includes('*')) return rule === path;
  const want = rule.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((seg, i) => (seg === '*' ? got[i] !== '' : seg === got[i]));
}

/** The implemented protected operation `method path` names, if any (HEAD counts as GET). */
function implemented(method: string, path: string) {
  const m = method === 'HEAD' ? 'GET' : method;
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return IMPLEMENTED.find((op) => op.method === m && matches(op.path, p));
}

/**
 * Whether `role` may use `method path` under a protected prefix. Guests may start a checkout
 * (bookings), read who they are and end their session; payments, chat and the rest of the
 * account need a real account; staff administration is for admins (auth checks it again). Every
 * other role passes here; services apply finer rules.
 */
export function mayAccess(role: Role, method: string, path: string): boolean {
  if (implemented(method, path)?.adminOnly) return role === 'admin';
  if (role !== 'guest') return true;
  const prefix = protectedPrefix(path);
  if (prefix === '/api/bookings') return true;
  if (prefix === '/api/account') return implemented(method, path)?.guests === true;
  return false;
}

/** True when a service implements this protected operation, so the gateway forwards it (bookings serves its whole areas). */
export function isImplementedProtected(method: string, path: string): boolean {
  const prefix = protectedPrefix(path);
  if (prefix === '/api/bookings' || prefix === '/api/payments') return true;
  return implemented(method, path) !== undefined;
}
