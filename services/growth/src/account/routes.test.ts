import { describe, expect, it } from 'bun:test';
import { accountErasePath, accountExportPath } from '@tm/contracts';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

const form = (t: GrowthUnderTest, email: string, phone?: string) => ({
  name: 'Ada',
  email,
  ...(phone ? { phone } : {}),
  need: 'A team for our app, please call.',
  market: 'IN',
  consentMarketing: false,
  formStartedAt: t.clock.now() - 60_000,
});

async function personWithData() {
  const t = await createGrowthUnderTest();
  const sub = 'customer-ada';
  t.people.set(sub, { emails: ['ada@example.test'], mobile: '+919876543210' });
  const byEmail = (await t.call('POST', '/leads', { body: form(t, 'ADA@example.test'), headers: { 'x-forwarded-for': '1.1.1.1' } })).body.data.id;
  t.clock.advance(25 * 3600_000);
  const byPhone = (await t.call('POST', '/leads', { body: form(t, 'other@example.test', '+91 98765 43210'), headers: { 'x-forwarded-for': '1.1.1.2' } })).body
    .data.id;
  const someoneElse = (await t.call('POST', '/leads', { body: form(t, 'bob@example.test'), headers: { 'x-forwarded-for': '1.1.1.3' } })).body.data.id;
  // A token minted now: one from before the clock moved 25 h would have expired.
  const { token } = await t.tokenFor('customer', sub);
  await t.call('PUT', '/consents', { token, body: { anonymousId: 'ada-phone', purposes: { analytics: true, marketing: false }, noticeVersion: 'v1' } });
  await t.call('POST', '/track', {
    token,
    body: { batch: [{ type: 'identify', messageId: 'x1', anonymousId: 'ada-phone', timestamp: '2026-05-01T08:00:00.000Z' }] },
  });
  return { t, sub, byEmail, byPhone, someoneElse };
}

describe("growth's part of the account export and erasure", () => {
  it("exports the person's leads (by email or mobile from auth), consents, history, devices and events", async () => {
    const { t, sub, byEmail, byPhone } = await personWithData();
    const res = await t.call('GET', accountExportPath(sub));
    expect(res.status).toBe(200);
    expect(res.body.data.service).toBe('growth');
    const data = res.body.data.data;
    expect(data.leads.map((l: { id: string }) => l.id).sort()).toEqual([byEmail, byPhone].sort());
    expect(data.consents).toHaveLength(2);
    expect(data.consentHistory).toHaveLength(1);
    expect(data.devices).toEqual(['ada-phone']);
    expect(data.events.map((e: { messageId: string }) => e.messageId)).toEqual(['x1']);
  });

  it('erases all of it with the contact data auth sends, keeping other people’s leads; idempotent', async () => {
    const { t, sub, someoneElse } = await personWithData();
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', accountErasePath(sub), { body: { emails: ['ada@example.test'], mobile: '+919876543210' } });
      expect(res.body).toEqual({ success: true, data: { service: 'growth', erased: true, kept: 0 } });
    }
    const after = (await t.call('GET', accountExportPath(sub))).body.data.data;
    expect(after).toEqual({ leads: [], consents: [], consentHistory: [], devices: [], events: [], exposures: [] });
    expect(await t.parts.leads.find(someoneElse)).not.toBeNull();
    expect(await t.parts.events.count()).toBe(0);
    // The erased email starts a fresh lead, not one merged into the erased one.
    const fresh = await t.call('POST', '/leads', { body: form(t, 'ada@example.test'), headers: { 'x-forwarded-for': '1.1.1.9' } });
    expect(fresh.status).toBe(201);
    expect((await t.parts.leads.find(fresh.body.data.id))?.submissions).toHaveLength(1);
  });

  it('refuses an erase body outside the contract with 400', async () => {
    const t = await createGrowthUnderTest();
    expect((await t.call('POST', accountErasePath('u-1'), { body: { mobile: '12345' } })).status).toBe(400);
  });
});
