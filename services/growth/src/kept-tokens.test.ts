import { describe, expect, it } from 'bun:test';
import { TOKEN_LEEWAY_S } from '@tm/shared/tokens';
import { createGrowthUnderTest } from './testing.ts';

// The verifier keeps valid verdicts until the token's expiry (@tm/shared/tokens/callers, tested
// there); growth's flags are read on every signed-in page view, so check it holds through the app.
describe('kept token verdicts', () => {
  it('never outlive the token: an admin call answers 401 once the token has expired, though it was answered from memory before', async () => {
    const t = await createGrowthUnderTest();
    const { token } = await t.tokenFor('admin');
    expect((await t.call('GET', '/flags', { token })).status).toBe(200);
    t.clock.advance(899_000);
    expect((await t.call('GET', '/flags', { token })).status).toBe(200);
    t.clock.advance((TOKEN_LEEWAY_S + 2) * 1000);
    expect((await t.call('GET', '/flags', { token })).status).toBe(401);
  });
});
