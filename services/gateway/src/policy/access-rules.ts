import type { Role } from '@tm/shared';

/** Prefixes whose operations act on one customer and need an access token (spec section 5). */
export const PROTECTED_PREFIXES = ['/api/bookings', '/api/payments', '/api/chat', '/api/account'] as const;

/** The protected prefix `path` falls under, if any (`/api/chat` and `/api/chat/...`, not `/api/chatter`). */
export function protectedPrefix(path: string): string | undefined {
  for (const prefix of PROTECTED_PREFIXES) {
    if (path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 /* / */)) return prefix;
  }
  return undefined;
}

/**
 * Whether `role` may use `method path` under a protected prefix. Guests may start a checkout
 * (bookings) and read who they are (GET /api/account/me); payments, chat and the rest of the
 * account need a real account. Every other role passes here; services apply finer rules.
 */
export function mayAccess(role: Role, method: string, path: string): boolean {
  if (role !== 'guest') return true;
  const prefix = protectedPrefix(path);
  if (prefix === '/api/bookings') return true;
  if (prefix === '/api/account') return isAccountMe(method, path);
  return false;
}

/** GET /api/account/me is the one protected operation a service (auth) implements today. */
export function isAccountMe(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && (path === '/api/account/me' || path === '/api/account/me/');
}
