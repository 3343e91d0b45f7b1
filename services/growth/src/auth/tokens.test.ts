import { describe, expect, it } from 'bun:test';
import { TOKEN_LEEWAY_S } from '@tm/shared/tokens';
import type { JWTVerifyGetKey } from 'jose';
import { createGrowthUnderTest } from '../testing.ts';
import { createTokenVerifier } from './tokens.ts';

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

  it('verify each valid token once, keep at most keptTokens of them (least recently used out first), and keep no invalid one', async () => {
    const t = await createGrowthUnderTest();
    let verifications = 0;
    const keys: JWTVerifyGetKey = (...args) => {
      verifications++;
      return t.keys(...args);
    };
    const verifier = createTokenVerifier({ keys, clock: t.clock, keptTokens: 2 });
    const [a, b, c] = await Promise.all([t.tokenFor('customer'), t.tokenFor('admin'), t.tokenFor('pm')]);
    const ask = (token: string) => verifier.optionalCaller(`Bearer ${token}`);

    expect(await ask(a.token)).toEqual({ sub: a.sub, role: 'customer' });
    expect(await ask(a.token)).toEqual({ sub: a.sub, role: 'customer' });
    expect(verifications).toBe(1);
    await ask(b.token);
    await ask(a.token); // a is now the most recently used
    await ask(c.token); // over two: b goes
    expect(verifications).toBe(3);
    await ask(a.token);
    await ask(c.token);
    expect(verifications).toBe(3);
    await ask(b.token);
    expect(verifications).toBe(4);

    const forged = `${a.token.slice(0, -4)}AAAA`;
    for (let i = 0; i < 2; i++) await expect(ask(forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(verifications).toBe(6);
  });
});
