import { describe, expect, it } from 'bun:test';
import { metricsAccess } from './metrics-access.ts';

describe('metricsAccess', () => {
  it('serves only the configured bearer token when a token is set, whatever the policy without one', () => {
    for (const withoutToken of ['open', 'hidden'] as const) {
      const policy = { token: 's3cret-token', withoutToken };
      expect(metricsAccess(policy, 'Bearer s3cret-token')).toBe('serve');
      expect(metricsAccess(policy, 'Bearer s3cret-tokeN')).toBe('unauthorized');
      expect(metricsAccess(policy, 'Basic czNjcmV0LXRva2Vu')).toBe('unauthorized');
      expect(metricsAccess(policy, null)).toBe('unauthorized');
    }
  });

  it('without a token, serves an internal service openly and hides the gateway (404)', () => {
    expect(metricsAccess({ withoutToken: 'open' }, null)).toBe('serve');
    expect(metricsAccess({ withoutToken: 'hidden' }, 'Bearer anything')).toBe('not-found');
  });
});
