import { describe, expect, it } from 'bun:test';
import { accountErasePath, accountExportPath } from '@tm/contracts';
import { createMessagingUnderTest } from '../testing.ts';

describe("messaging's account data routes (auth's export and erasure)", () => {
  it("exports the person's messages as they wrote them, and nobody else's", async () => {
    const t = await createMessagingUnderTest();
    t.addBooking('b1');
    await t.call('POST', '/chat/b1/messages', { token: t.tokens.customer, body: { body: 'mail me at a@b.de', clientMessageId: 'c-1' } });
    await t.call('POST', '/chat/b1/messages', { token: t.tokens.pm, body: { body: 'sure', clientMessageId: 'p-1' } });
    const res = await t.call('GET', accountExportPath('cust-1'));
    expect(res.status).toBe(200);
    expect(res.body.data.service).toBe('messaging');
    expect(res.body.data.data.messages).toHaveLength(1);
    expect(res.body.data.data.messages[0]).toMatchObject({
      bookingId: 'b1',
      body: 'mail me at [hidden]',
      original: 'mail me at a@b.de',
      sender: { id: 'cust-1' },
    });
    expect((await t.call('GET', accountExportPath('nobody'))).body.data).toEqual({ service: 'messaging', data: { messages: [] } });
  });

  it("turns the person's messages into tombstones and drops their name, idempotently; the other party keeps the conversation", async () => {
    const t = await createMessagingUnderTest();
    t.addBooking('b1');
    await t.call('POST', '/chat/b1/messages', { token: t.tokens.pm, body: { body: 'Hi, Ana here', clientMessageId: 'p-1' } });
    await t.call('POST', '/chat/b1/messages', { token: t.tokens.customer, body: { body: 'hello', clientMessageId: 'c-1' } });
    const body = { emails: ['ana@example.test'] };
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', accountErasePath('user-ana'), { body });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { service: 'messaging', erased: true, kept: 0 } });
    }
    const seen = (await t.call('GET', '/chat/b1/messages', { token: t.tokens.customer })).body.data;
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ deleted: true, body: '', sender: { id: 'user-ana', role: 'pm' } });
    expect(seen[0].sender.name).toBeUndefined();
    expect(seen[1]).toMatchObject({ deleted: false, body: 'hello' });
    // The erasure is a change on the log like any deletion: one, not two.
    expect(await t.documents.collection('events').countDocuments({ type: 'message.deleted' })).toBe(1);
  });

  it('refuses an erase body outside the contract with 400, never a 500', async () => {
    const t = await createMessagingUnderTest();
    const res = await t.call('POST', accountErasePath('u-1'), { body: { mobile: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
