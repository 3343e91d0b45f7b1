import { describe, expect, it } from 'bun:test';
import { accountErasePath, accountExportPath } from '@tm/contracts';
import { createContentUnderTest } from '../testing.ts';

describe("content's account data routes (auth's export and erasure)", () => {
  it('exports the person as its part of the account export, by collection', async () => {
    const { call } = createContentUnderTest();
    const res = await call('GET', accountExportPath('u-1'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { service: 'content', data: {} } });
  });

  it('erases the person, idempotently, taking the contact data auth sends', async () => {
    const { call } = createContentUnderTest();
    const body = { emails: ['ada@example.test'], mobile: '+4915112345678' };
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', accountErasePath('u-1'), body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { service: 'content', erased: true, kept: 0 } });
    }
    expect((await call('POST', accountErasePath('u-1'), {})).status).toBe(200);
  });

  it('refuses an erase body outside the contract with 400, never a 500', async () => {
    const { call } = createContentUnderTest();
    const res = await call('POST', accountErasePath('u-1'), { mobile: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
