import { describe, expect, it } from 'bun:test';
import { RequestStates } from './request-state.ts';

describe('RequestStates', () => {
  const principal = { sub: 'u-1', role: 'customer' as const, sid: 's-1', exp: 2_000_000_000 };

  it('gives routes what the policy learned of a request, its valid token included', () => {
    const states = new RequestStates();
    const request = new Request('http://localhost/mcp');
    states.set(request, { path: '/mcp', clientIp: '1.2.3.4', token: { kind: 'valid', principal }, wellWithinQuota: false });
    expect(states.get(request)?.token).toEqual({ kind: 'valid', principal });
    expect(states.get(request)?.clientIp).toBe('1.2.3.4');
  });

  it('keeps an invalid token as such, and knows nothing of a request the policy never saw', () => {
    const states = new RequestStates();
    const invalid = new Request('http://localhost/mcp');
    states.set(invalid, { path: '/mcp', clientIp: '1.2.3.4', token: { kind: 'invalid', reason: 'expired' }, wellWithinQuota: false });
    expect(states.get(invalid)?.token.kind).toBe('invalid');
    expect(states.get(new Request('http://localhost/mcp'))).toBeUndefined();
  });
});
