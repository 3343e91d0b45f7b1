import { describe, expect, it } from 'bun:test';
import { STAFF_ROLES, type TokenClaims } from '@tm/contracts';
import type { DomainError } from '@tm/shared';
import type { Principal } from '../sessions/session-service.ts';
import { bearerToken, requireRole } from './routes.ts';

const principal = (role: TokenClaims['role']) => ({ claims: { role } as TokenClaims, session: {} }) as unknown as Principal;

describe('bearer tokens and roles', () => {
  it('reads a bearer token and nothing else', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('abc.def.ghi')).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it('lets staff roles through and refuses guests and customers with FORBIDDEN', () => {
    for (const role of ['pm', 'resource', 'admin'] as const) expect(() => requireRole(principal(role), STAFF_ROLES)).not.toThrow();
    for (const role of ['guest', 'customer'] as const) {
      const err = (() => {
        try {
          requireRole(principal(role), STAFF_ROLES);
        } catch (e) {
          return e as DomainError;
        }
      })();
      expect(err?.code).toBe('FORBIDDEN');
    }
  });
});
