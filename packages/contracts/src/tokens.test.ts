import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { isE164, type TokenClaims, TokenClaimsSchema } from '@tm/contracts';

const claims: TokenClaims = {
  sub: 'u1',
  role: 'pm',
  sid: 's1',
  typ: 'access',
  iss: 'talent-marketplace-auth',
  aud: 'talent-marketplace-api',
  iat: 1_700_000_000,
  exp: 1_700_000_900,
  jti: 'j1',
};

describe('token claims', () => {
  it('take an optional pid, a non-empty string, for pm and resource accounts', () => {
    expect(Value.Check(TokenClaimsSchema, claims)).toBe(true);
    expect(Value.Check(TokenClaimsSchema, { ...claims, pid: '64b7f0c2a1b2c3d4e5f60718' })).toBe(true);
    expect(Value.Check(TokenClaimsSchema, { ...claims, pid: '' })).toBe(false);
    expect(Value.Check(TokenClaimsSchema, { ...claims, pid: 7 })).toBe(false);
  });

  it('refuse an unknown role or typ and an empty subject', () => {
    expect(Value.Check(TokenClaimsSchema, { ...claims, role: 'root' })).toBe(false);
    expect(Value.Check(TokenClaimsSchema, { ...claims, typ: 'id' })).toBe(false);
    expect(Value.Check(TokenClaimsSchema, { ...claims, sub: '' })).toBe(false);
  });
});

describe('isE164', () => {
  it('takes a plus, a country code without a leading 0 and 8 to 15 digits in all', () => {
    for (const n of ['+4915112345678', '+919876543210', '+12025550123', '+97150123456']) expect(isE164(n)).toBe(true);
    for (const n of ['4915112345678', '+0915112345678', '+1234567', '+1234567890123456', '+49 151 1234', '']) expect(isE164(n)).toBe(false);
  });
});
