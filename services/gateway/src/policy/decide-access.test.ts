import { describe, expect, it } from 'bun:test';
import type { Role } from '@tm/contracts';
import type { AccessRule } from './access-rules.ts';
import { decideAccess } from './decide-access.ts';
import type { TokenCheck } from './tokens.ts';

const as = (role: Role): TokenCheck => ({ kind: 'valid', principal: { sub: 'u1', role, sid: 's1', exp: 2_000_000_000 } });
const none: TokenCheck = { kind: 'none' };

describe('decideAccess', () => {
  it('forwards a public route (no rule) with or without a token, whatever its verdict', () => {
    for (const token of [none, { kind: 'invalid', reason: 'expired' } as const, { kind: 'unavailable' } as const, as('guest')]) {
      expect(decideAccess({ method: 'GET', path: '/api/services', token, session: 'live' })).toEqual({ outcome: 'forward' });
    }
  });

  it('forwards an implemented protected operation for a role the rule allows', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: as('guest'), session: 'live' })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/account/change-password', token: as('customer'), session: 'live' })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'HEAD', path: '/api/account/me/', token: as('admin'), session: 'live' })).toEqual({ outcome: 'forward' });
  });

  it('answers 401 UNAUTHORIZED with a Bearer challenge when a protected route has no token', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: none, session: 'live' })).toEqual({
      outcome: 'refuse',
      code: 'UNAUTHORIZED',
      message: 'A valid access token is required',
      challenge: 'Bearer',
    });
  });

  it('answers 401 with error="invalid_token" when the token is bad', () => {
    expect(decideAccess({ method: 'GET', path: '/api/chat', token: { kind: 'invalid', reason: 'bad signature' }, session: 'live' })).toMatchObject({
      outcome: 'refuse',
      code: 'UNAUTHORIZED',
      challenge: 'Bearer error="invalid_token"',
    });
  });

  it('answers 503 UPSTREAM_UNAVAILABLE, not 401, when tokens cannot be checked', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: { kind: 'unavailable' }, session: 'live' })).toEqual({
      outcome: 'refuse',
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Tokens cannot be checked right now; try again shortly',
    });
  });

  it('answers 403 FORBIDDEN when a guest uses an operation its rule keeps from guests', () => {
    for (const [method, path] of [
      ['POST', '/api/payments'],
      ['POST', '/api/account/change-password'],
      ['PATCH', '/api/account/me'],
    ] as const) {
      expect(decideAccess({ method, path, token: as('guest'), session: 'live' })).toMatchObject({ outcome: 'refuse', code: 'FORBIDDEN' });
    }
  });

  it('answers 501 NOT_IMPLEMENTED, after the token and role checks, for an operation no service implements', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/orders', token: as('customer'), session: 'live' })).toEqual({
      outcome: 'refuse',
      code: 'NOT_IMPLEMENTED',
      message: 'GET /api/account/orders is not available yet',
    });
    expect(decideAccess({ method: 'GET', path: '/api/account/orders', token: none, session: 'live' })).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(decideAccess({ method: 'GET', path: '/api/account/orders', token: as('guest'), session: 'live' })).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('forwards bookings (guests too) and payments (not guests), and payment webhooks without any token', () => {
    expect(decideAccess({ method: 'POST', path: '/api/bookings', token: as('guest'), session: 'live' })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/p1/refund', token: as('customer'), session: 'live' })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/payments', token: as('guest'), session: 'live' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/webhooks/stripe', token: none, session: 'live' })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/webhooks', token: none, session: 'live' })).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('takes the rules as data: the first matching row wins, and a token-free row needs no token', () => {
    const rules: AccessRule[] = [
      { method: 'POST', path: '/api/payments/webhooks/*', token: 'none', guests: true, forward: true },
      { method: 'POST', path: '/api/bookings', token: 'required', guests: true, forward: true },
      { method: '*', path: '/api/payments/**', token: 'required', guests: false, forward: true },
      { method: '*', path: '/api/bookings/**', token: 'required', guests: true, forward: false },
    ];
    expect(decideAccess({ method: 'POST', path: '/api/payments/webhooks/stripe', token: none, session: 'live' }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/bookings', token: as('guest'), session: 'live' }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/p1', token: as('guest'), session: 'live' }, rules)).toMatchObject({ code: 'FORBIDDEN' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/p1', token: as('customer'), session: 'live' }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'DELETE', path: '/api/bookings/b1', token: as('customer'), session: 'live' }, rules)).toMatchObject({
      code: 'NOT_IMPLEMENTED',
    });
  });

  it('answers 401 with error="invalid_token" for a valid token of a revoked session, on protected routes only', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: as('customer'), session: 'revoked' })).toEqual({
      outcome: 'refuse',
      code: 'UNAUTHORIZED',
      message: 'This session has ended; sign in again',
      challenge: 'Bearer error="invalid_token"',
    });
    expect(decideAccess({ method: 'GET', path: '/api/services', token: as('customer'), session: 'revoked' })).toEqual({ outcome: 'forward' });
  });

  it('answers 503 while the revocation feed is too stale to tell, before the role check', () => {
    expect(decideAccess({ method: 'POST', path: '/api/payments', token: as('guest'), session: 'unknown' })).toEqual({
      outcome: 'refuse',
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Sessions cannot be checked right now; try again shortly',
    });
  });

  it('keeps admin-only rows to admins, guests included in the refusal', () => {
    for (const role of ['guest', 'customer', 'pm', 'resource'] as const) {
      expect(decideAccess({ method: 'POST', path: '/api/account/staff/s1/deactivate', token: as(role), session: 'live' })).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(decideAccess({ method: 'GET', path: '/api/account/staff', token: as('admin'), session: 'live' })).toEqual({ outcome: 'forward' });
  });
});
