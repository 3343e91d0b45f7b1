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
      expect(decideAccess({ method: 'GET', path: '/api/services', token })).toEqual({ outcome: 'forward' });
    }
  });

  it('forwards an implemented protected operation for a role the rule allows', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: as('guest') })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/account/change-password', token: as('customer') })).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'HEAD', path: '/api/account/me/', token: as('admin') })).toEqual({ outcome: 'forward' });
  });

  it('answers 401 UNAUTHORIZED with a Bearer challenge when a protected route has no token', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: none })).toEqual({
      outcome: 'refuse',
      code: 'UNAUTHORIZED',
      message: 'A valid access token is required',
      challenge: 'Bearer',
    });
  });

  it('answers 401 with error="invalid_token" when the token is bad', () => {
    expect(decideAccess({ method: 'GET', path: '/api/chat', token: { kind: 'invalid', reason: 'bad signature' } })).toMatchObject({
      outcome: 'refuse',
      code: 'UNAUTHORIZED',
      challenge: 'Bearer error="invalid_token"',
    });
  });

  it('answers 503 UPSTREAM_UNAVAILABLE, not 401, when tokens cannot be checked', () => {
    expect(decideAccess({ method: 'GET', path: '/api/account/me', token: { kind: 'unavailable' } })).toEqual({
      outcome: 'refuse',
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Tokens cannot be checked right now; try again shortly',
    });
  });

  it('answers 403 FORBIDDEN when a guest uses an operation its rule keeps from guests', () => {
    for (const [method, path] of [
      ['POST', '/api/payments'],
      ['GET', '/api/chat/c1'],
      ['POST', '/api/account/change-password'],
      ['PATCH', '/api/account/me'],
    ] as const) {
      expect(decideAccess({ method, path, token: as('guest') })).toMatchObject({ outcome: 'refuse', code: 'FORBIDDEN' });
    }
  });

  it('answers 501 NOT_IMPLEMENTED, after the token and role checks, for an operation no service implements', () => {
    expect(decideAccess({ method: 'POST', path: '/api/bookings', token: as('guest') })).toEqual({
      outcome: 'refuse',
      code: 'NOT_IMPLEMENTED',
      message: 'POST /api/bookings is not available yet',
    });
    expect(decideAccess({ method: 'POST', path: '/api/payments', token: as('customer') })).toMatchObject({ code: 'NOT_IMPLEMENTED' });
    expect(decideAccess({ method: 'POST', path: '/api/bookings', token: none })).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('takes the rules as data: the first matching row wins, and a token-free row needs no token', () => {
    const rules: AccessRule[] = [
      { method: 'POST', path: '/api/payments/webhooks/*', token: 'none', guests: true, forward: true },
      { method: 'POST', path: '/api/bookings', token: 'required', guests: true, forward: true },
      { method: '*', path: '/api/payments/*', token: 'required', guests: false, forward: true },
      { method: '*', path: '/api/bookings/*', token: 'required', guests: true, forward: false },
    ];
    expect(decideAccess({ method: 'POST', path: '/api/payments/webhooks/stripe', token: none }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/bookings', token: as('guest') }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/p1', token: as('guest') }, rules)).toMatchObject({ code: 'FORBIDDEN' });
    expect(decideAccess({ method: 'POST', path: '/api/payments/p1', token: as('customer') }, rules)).toEqual({ outcome: 'forward' });
    expect(decideAccess({ method: 'DELETE', path: '/api/bookings/b1', token: as('customer') }, rules)).toMatchObject({ code: 'NOT_IMPLEMENTED' });
  });
});
