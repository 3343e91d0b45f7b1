import { describe, expect, it } from 'bun:test';
import { accountErasePath, accountExportPath } from '@tm/contracts';
import { createContentUnderTest } from '../testing.ts';

describe("content's account data routes (auth's export and erasure)", () => {
  it("exports the person's legal acceptances, with the IP, user agent and time recorded", async () => {
    const t = await createContentUnderTest();
    const { sub, token } = await t.tokenFor('customer');
    await t.call('POST', '/legal/acceptances', {
      token,
      body: { type: 'terms', version: 1 },
      headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Test/1.0' },
    });
    const res = await t.call('GET', accountExportPath(sub));
    expect(res.status).toBe(200);
    expect(res.body.data.service).toBe('content');
    expect(res.body.data.data.legalAcceptances).toEqual([
      expect.objectContaining({
        type: 'terms',
        market: 'IN',
        version: 1,
        ip: '203.0.113.9',
        userAgent: 'Test/1.0',
        acceptedAt: '2026-03-01T10:00:00.000Z',
        role: 'customer',
      }),
    ]);
    expect((await t.call('GET', accountExportPath('nobody'))).body.data).toEqual({ service: 'content', data: { legalAcceptances: [] } });
  });

  it('erases the IP and user agent, idempotently, and keeps the acceptances as evidence', async () => {
    const t = await createContentUnderTest();
    const { sub, token } = await t.tokenFor('customer');
    await t.call('POST', '/legal/acceptances', {
      token,
      body: { type: 'terms', version: 1 },
      headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Test/1.0' },
    });
    await t.call('POST', '/legal/acceptances', { token, body: { type: 'privacy', version: 1 } });
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', accountErasePath(sub), { body: { emails: ['ada@example.test'] } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { service: 'content', erased: true, kept: 2 } });
    }
    const kept = (await t.call('GET', accountExportPath(sub))).body.data.data.legalAcceptances;
    expect(kept).toHaveLength(2);
    for (const a of kept) {
      expect(a.ip).toBeUndefined();
      expect(a.userAgent).toBeUndefined();
      expect(a.erasedAt).toBe('2026-03-01T10:00:00.000Z');
      expect(a.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    }
    // The evidence still counts: nothing is pending for the erased account's id.
    expect((await t.call('GET', '/legal/pending', { token })).body.data).toEqual([]);
  });

  it('refuses an erase body outside the contract with 400, never a 500', async () => {
    const t = await createContentUnderTest();
    const res = await t.call('POST', accountErasePath('u-1'), { body: { mobile: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
