import type { Role } from '@tm/contracts';

/**
 * One row of the /api access table. `path` is exact (`/api/account/me`) or a prefix ending in
 * `/*` that matches the prefix itself and everything below it (`/api/chat/*` matches `/api/chat`
 * and `/api/chat/x`, not `/api/chatter`). The first matching row wins, so specific rows come
 * before their prefix's catch-all.
 */
export interface AccessRule {
  /** An HTTP method (HEAD is matched as GET) or '*' for any. */
  method: string;
  path: string;
  /** 'required': an access token is needed (401 without one); 'none': anyone, token or not. */
  token: 'required' | 'none';
  /** Whether a guest token may use it (else 403). Other roles always pass; services decide finer rules. */
  guests: boolean;
  /** Whether a service implements it: the gateway forwards it; otherwise 501 after the token checks. */
  forward: boolean;
}

/**
 * The protected operations (spec section 5): everything under /api/bookings, /api/payments,
 * /api/chat and /api/account needs a token. Guests may start a checkout (bookings), read who
 * they are and end their session; payments, chat and the rest of the account need a real
 * account. Adding an operation is one row (e.g. `{ method: 'POST', path: '/api/bookings',
 * token: 'required', guests: true, forward: true }` above the bookings catch-all).
 */
export const ACCESS_RULES: readonly AccessRule[] = [
  { method: 'GET', path: '/api/account/me', token: 'required', guests: true, forward: true },
  { method: 'POST', path: '/api/account/sign-out', token: 'required', guests: true, forward: true },
  { method: 'POST', path: '/api/account/change-password', token: 'required', guests: false, forward: true },
  { method: '*', path: '/api/account/*', token: 'required', guests: false, forward: false },
  { method: '*', path: '/api/bookings/*', token: 'required', guests: true, forward: false },
  { method: '*', path: '/api/payments/*', token: 'required', guests: false, forward: false },
  { method: '*', path: '/api/chat/*', token: 'required', guests: false, forward: false },
];

/** A rule with its pattern split once: on every /api request, so no string work per row. */
interface CompiledRule {
  rule: AccessRule;
  method: string;
  /** The exact path, or the prefix of a `/*` pattern. */
  path: string;
  prefix: boolean;
}

const compiled = new WeakMap<readonly AccessRule[], readonly CompiledRule[]>();
function compile(rules: readonly AccessRule[]): readonly CompiledRule[] {
  let out = compiled.get(rules);
  if (!out) {
    out = rules.map((rule) => {
      const prefix = rule.path.endsWith('/*');
      return { rule, method: rule.method, path: prefix ? rule.path.slice(0, -2) : rule.path, prefix };
    });
    compiled.set(rules, out);
  }
  return out;
}

/** The first rule of `rules` for `method path` (HEAD as GET, a trailing slash ignored), if any. */
export function findAccessRule(method: string, path: string, rules: readonly AccessRule[] = ACCESS_RULES): AccessRule | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  const p = path.length > 1 && path.charCodeAt(path.length - 1) === 47 /* / */ ? path.slice(0, -1) : path;
  for (const c of compile(rules)) {
    if (c.method !== '*' && c.method !== m) continue;
    if (c.prefix ? p === c.path || (p.startsWith(c.path) && p.charCodeAt(c.path.length) === 47) /* / */ : p === c.path) return c.rule;
  }
  return undefined;
}

function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === path;
  const prefix = pattern.slice(0, -2);
  return path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47) /* / */;
}

/** The prefixes whose operations need an access token, from the table. */
export const PROTECTED_PREFIXES: readonly string[] = ACCESS_RULES.filter((r) => r.token === 'required' && r.path.endsWith('/*')).map((r) =>
  r.path.slice(0, -2),
);

/** The protected prefix `path` falls under, if any (`/api/chat` and `/api/chat/...`, not `/api/chatter`). */
export function protectedPrefix(path: string): string | undefined {
  return PROTECTED_PREFIXES.find((prefix) => pathMatches(`${prefix}/*`, path));
}

/** Whether the access table asks for an access token on `method path` (a token-free row, such as webhooks, does not). */
export function requiresToken(method: string, path: string): boolean {
  return findAccessRule(method, path)?.token === 'required';
}

/** Whether `role` may use `method path` under a protected prefix (see ACCESS_RULES). */
export function mayAccess(role: Role, method: string, path: string): boolean {
  return role !== 'guest' || findAccessRule(method, path)?.guests === true;
}

/** True when a service implements this protected operation, so the gateway forwards it. */
export function isImplementedProtected(method: string, path: string): boolean {
  const rule = findAccessRule(method, path);
  return rule !== undefined && rule.token === 'required' && rule.forward;
}
