import { describe, expect, it } from 'bun:test';
import {
  ACCESS_RULES,
  type AccessRule,
  findAccessRule,
  isImplementedProtected,
  isPublicWebhook,
  mayAccess,
  protectedPrefix,
  requiresToken,
} from './access-rules.ts';

/** The table's meaning written plainly: the first row, in table order, whose method and pattern match. */
function firstRowByScan(method: string, path: string, rules: readonly AccessRule[]): AccessRule | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  const got = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  return rules.find((rule) => {
    if (rule.method !== '*' && rule.method !== m) return false;
    const prefix = rule.path.endsWith('/**');
    const segments = (prefix ? rule.path.slice(0, -3) : rule.path).split('/');
    if (prefix ? got.length < segments.length : got.length !== segments.length) return false;
    return segments.every((seg, i) => (seg === '*' ? got[i] !== '' : seg === got[i]));
  });
}

describe('findAccessRule (rows grouped by area, looked up per request)', () => {
  it('decides every path as a scan of the whole table in order would', () => {
    // Paths made from every row (its patterns filled in, its prefixes extended), near misses, and areas without rows.
    const paths = new Set(['/', '/api', '/api/', '/api/services/catalog', '/api/chatter', '/api/accounts/me', '/mcp', '/api//me', '/api/bookings//x']);
    for (const rule of ACCESS_RULES) {
      const base = rule.path.replace(/\/\*\*$/, '');
      for (const fill of ['x1', '']) {
        const p = base.replaceAll('*', fill);
        for (const q of [p, `${p}/`, `${p}/more`, `${p}/more/deeper`, `${p}x`]) paths.add(q);
      }
    }
    // A table of its own with a row whose area is a pattern, which must apply in every area and keep its place.
    const mixed: AccessRule[] = [
      { method: 'GET', path: '/api/account/me', token: 'required', guests: true, forward: true },
      { method: '*', path: '/api/*/secret', token: 'required', guests: false, forward: false },
      { method: '*', path: '/api/account/**', token: 'required', guests: false, forward: true },
      { method: 'POST', path: '/api/**', token: 'none', guests: true, forward: true },
    ];
    for (const path of [...paths, '/api/account/secret', '/api/talent/secret', '/api/talent/x', '/api/account/me']) {
      for (const method of ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']) {
        expect({ method, path, rule: findAccessRule(method, path) }).toEqual({ method, path, rule: firstRowByScan(method, path, ACCESS_RULES) });
        expect({ method, path, rule: findAccessRule(method, path, mixed) }).toEqual({ method, path, rule: firstRowByScan(method, path, mixed) });
      }
    }
  });
});

describe('findAccessRule on percent-encoded paths', () => {
  it('decides a segment as the service reads it, decoded; a segment that does not decode is kept as sent', () => {
    const mine = findAccessRule('GET', '/api/reviews/mine');
    expect(mine?.token).toBe('required');
    for (const path of ['/api/reviews/m%69ne', '/api/reviews/%6D%69%6E%65', '/api/%72eviews/mine'])
      expect({ path, rule: findAccessRule('GET', path) }).toEqual({ path, rule: mine });
    expect(findAccessRule('GET', '/api/reviews/moder%61tion')).toBe(findAccessRule('GET', '/api/reviews/moderation'));
    expect(requiresToken('POST', '/api/reviews/r1/h%69de')).toBe(true);
    // A stray % is no rule's segment: as before, the table decides on the raw text.
    expect(findAccessRule('GET', '/api/reviews/%zz')).toBe(findAccessRule('GET', '/api/reviews/x'));
  });
});

describe('protectedPrefix', () => {
  it('matches the four prefixes and their sub-paths only', () => {
    expect(protectedPrefix('/api/bookings')).toBe('/api/bookings');
    expect(protectedPrefix('/api/payments/p1/refund')).toBe('/api/payments');
    expect(protectedPrefix('/api/chat/')).toBe('/api/chat');
    expect(protectedPrefix('/api/account/me')).toBe('/api/account');
    expect(protectedPrefix('/api/chatter')).toBeUndefined();
    expect(protectedPrefix('/api/services')).toBeUndefined();
  });
});

describe('mayAccess', () => {
  it('lets a guest use bookings, chat, GET account/me and sign-out only', () => {
    expect(mayAccess('guest', 'POST', '/api/account/sign-out')).toBe(true);
    expect(mayAccess('guest', 'POST', '/api/account/change-password')).toBe(false);
    expect(mayAccess('guest', 'POST', '/api/bookings')).toBe(true);
    expect(mayAccess('guest', 'GET', '/api/bookings/b1')).toBe(true);
    expect(mayAccess('guest', 'GET', '/api/account/me')).toBe(true);
    expect(mayAccess('guest', 'PATCH', '/api/account/me')).toBe(false);
    expect(mayAccess('guest', 'GET', '/api/account/orders')).toBe(false);
    expect(mayAccess('guest', 'POST', '/api/payments')).toBe(false);
    expect(mayAccess('guest', 'GET', '/api/chat')).toBe(true);
  });

  it('keeps staff administration to admins', () => {
    for (const role of ['guest', 'customer', 'pm', 'resource'] as const) {
      expect(mayAccess(role, 'POST', '/api/account/staff')).toBe(false);
      expect(mayAccess(role, 'GET', '/api/account/staff')).toBe(false);
      expect(mayAccess(role, 'POST', '/api/account/staff/s1/deactivate')).toBe(false);
    }
    expect(mayAccess('admin', 'POST', '/api/account/staff')).toBe(true);
    expect(mayAccess('admin', 'POST', '/api/account/staff/s1/deactivate')).toBe(true);
  });

  it('keeps guests out of the session list, export and deletion', () => {
    expect(mayAccess('guest', 'GET', '/api/account/sessions')).toBe(false);
    expect(mayAccess('guest', 'DELETE', '/api/account/sessions/s1')).toBe(false);
    expect(mayAccess('guest', 'GET', '/api/account/export')).toBe(false);
    expect(mayAccess('guest', 'DELETE', '/api/account')).toBe(false);
  });

  it('lets every other role through (services decide finer rules)', () => {
    for (const role of ['customer', 'pm', 'resource', 'admin'] as const) {
      expect(mayAccess(role, 'POST', '/api/payments')).toBe(true);
      expect(mayAccess(role, 'GET', '/api/chat')).toBe(true);
    }
  });
});

describe('isImplementedProtected', () => {
  it('names the account operations auth implements, HEAD as GET, a trailing slash ignored', () => {
    expect(isImplementedProtected('GET', '/api/account/me')).toBe(true);
    expect(isImplementedProtected('HEAD', '/api/account/me/')).toBe(true);
    expect(isImplementedProtected('POST', '/api/account/sign-out')).toBe(true);
    expect(isImplementedProtected('POST', '/api/account/change-password')).toBe(true);
    expect(isImplementedProtected('POST', '/api/account/me')).toBe(false);
    expect(isImplementedProtected('PATCH', '/api/account/me')).toBe(true);
    expect(isImplementedProtected('DELETE', '/api/account/sessions/abc')).toBe(true);
    expect(isImplementedProtected('DELETE', '/api/account/sessions/')).toBe(false);
    expect(isImplementedProtected('DELETE', '/api/account/sessions/a/b')).toBe(false);
    expect(isImplementedProtected('POST', '/api/account/staff/s1/deactivate')).toBe(true);
    expect(isImplementedProtected('DELETE', '/api/account')).toBe(true);
    expect(isImplementedProtected('GET', '/api/account/export')).toBe(true);
    expect(isImplementedProtected('GET', '/api/account/me/x')).toBe(false);
    expect(isImplementedProtected('GET', '/api/bookings')).toBe(true);
    expect(isImplementedProtected('POST', '/api/payments/x/dev/succeed')).toBe(true);
    expect(isImplementedProtected('GET', '/api/chat')).toBe(true);
    expect(isImplementedProtected('GET', '/api/chat/b1/stream')).toBe(true);
  });
});

describe('isPublicWebhook', () => {
  it('exempts exactly /api/payments/webhooks/* from the token rule', () => {
    expect(isPublicWebhook('/api/payments/webhooks/stripe')).toBe(true);
    expect(protectedPrefix('/api/payments/webhooks/razorpay')).toBeUndefined();
    expect(isPublicWebhook('/api/payments/webhooks')).toBe(false);
    expect(isPublicWebhook('/api/payments/webhooks/')).toBe(false);
    expect(isPublicWebhook('/api/payments/webhooksx/stripe')).toBe(false);
    expect(protectedPrefix('/api/payments/webhooks')).toBe('/api/payments');
    expect(protectedPrefix('/api/payments/p1')).toBe('/api/payments');
  });

  it('lets guests use bookings but not payments', () => {
    expect(mayAccess('guest', 'POST', '/api/bookings/claim')).toBe(true);
    expect(mayAccess('guest', 'POST', '/api/payments')).toBe(false);
    expect(mayAccess('customer', 'POST', '/api/payments')).toBe(true);
  });
});

describe('requiresToken', () => {
  it('asks for a token on every protected operation, listed or not, and on nothing public', () => {
    expect(requiresToken('GET', '/api/account/me')).toBe(true);
    expect(requiresToken('DELETE', '/api/chat/c1')).toBe(true);
    expect(requiresToken('POST', '/api/payments/{id}/refund')).toBe(true);
    expect(requiresToken('GET', '/api/services')).toBe(false);
    expect(requiresToken('POST', '/api/chatter')).toBe(false);
    expect(requiresToken('POST', '/api/chatbot/sessions')).toBe(false);
  });
});
