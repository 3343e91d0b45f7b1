import { describe, expect, it } from 'bun:test';
import { createGrowthUnderTest, type GrowthUnderTest } from '../testing.ts';

const ev = (messageId: string, over: Record<string, unknown> = {}) => ({
  type: 'track',
  messageId,
  anonymousId: 'dev-1',
  event: 'Viewed Service',
  properties: { slug: 'react-developer' },
  timestamp: '2026-05-01T08:59:00.000Z',
  ...over,
});

async function withConsent(t: GrowthUnderTest, anonymousId = 'dev-1', analytics = true) {
  const res = await t.call('PUT', '/consents', { body: { anonymousId, purposes: { analytics, marketing: false }, noticeVersion: '2026-01' } });
  expect(res.status).toBe(200);
}
const stored = (t: GrowthUnderTest) => t.parts.events.count();

describe('POST /track', () => {
  it('stores consented events and lists every refused one with its reason, in one answer', async () => {
    const t = await createGrowthUnderTest();
    await withConsent(t);
    const batch = [
      ev('m1'),
      ev('m2', { type: 'page', event: undefined }),
      ev('m3', { timestamp: 'not a time' }),
      ev('m4', { anonymousId: 'dev-without-consent' }),
      ev('m5', { properties: { blob: 'x'.repeat(40_000) } }),
      ev('m1'),
      { nonsense: true },
    ];
    const res = await t.call('POST', '/track', { body: { batch, sentAt: '2026-05-01T09:00:00.000Z' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accepted: 2,
      rejected: [
        { messageId: 'm3', reason: 'invalid' },
        { messageId: 'm5', reason: 'too_large' },
        { messageId: null, reason: 'invalid' },
        { messageId: 'm4', reason: 'no_consent' },
        { messageId: 'm1', reason: 'duplicate' },
      ],
    });
    expect(await stored(t)).toBe(2);
  });

  it('refuses a repeated messageId for 7 days, then takes it again', async () => {
    const t = await createGrowthUnderTest();
    await withConsent(t);
    expect((await t.call('POST', '/track', { body: { batch: [ev('again')] } })).body.data.accepted).toBe(1);
    t.clock.advance(6 * 24 * 3600_000);
    expect((await t.call('POST', '/track', { body: { batch: [ev('again')] } })).body.data.rejected).toEqual([{ messageId: 'again', reason: 'duplicate' }]);
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await t.call('POST', '/track', { body: { batch: [ev('again')] } })).body.data.accepted).toBe(1);
  });

  it('stores a repeated messageId once when 20 batches carrying it arrive at once', async () => {
    const t = await createGrowthUnderTest();
    await withConsent(t);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => t.call('POST', '/track', { body: { batch: [ev('same-id'), ev(`own-${i}`)] } })));
    expect(answers.reduce((n, a) => n + a.body.data.accepted, 0)).toBe(21);
    expect(answers.filter((a) => a.body.data.rejected.length === 1).length).toBe(19);
    expect(await t.parts.events.count({ messageId: 'same-id' })).toBe(1);
  });

  it("corrects the device's clock by sentAt and never stores a future time", async () => {
    const t = await createGrowthUnderTest();
    await withConsent(t);
    // The device runs 1 h fast: it says 10:00 when the server's clock says 09:00.
    await t.call('POST', '/track', { body: { batch: [ev('skewed', { timestamp: '2026-05-01T09:58:00.000Z' })], sentAt: '2026-05-01T10:00:00.000Z' } });
    await t.call('POST', '/track', { body: { batch: [ev('future', { timestamp: '2027-01-01T00:00:00.000Z' })] } });
    const events = await t.parts.events.exportFor('nobody', ['dev-1']);
    const at = Object.fromEntries(events.map((e) => [e.messageId, e.at.toISOString()]));
    expect(at).toEqual({ skewed: '2026-05-01T08:58:00.000Z', future: '2026-05-01T09:00:00.000Z' });
  });

  it('stores nothing with Sec-GPC: 1 or with analytics declined, listing each as no_consent', async () => {
    const t = await createGrowthUnderTest();
    await withConsent(t);
    const gpc = await t.call('POST', '/track', { body: { batch: [ev('g1')] }, headers: { 'sec-gpc': '1' } });
    expect(gpc.body.data).toEqual({ accepted: 0, rejected: [{ messageId: 'g1', reason: 'no_consent' }] });
    await withConsent(t, 'dev-1', false);
    expect((await t.call('POST', '/track', { body: { batch: [ev('g2')] } })).body.data.rejected).toEqual([{ messageId: 'g2', reason: 'no_consent' }]);
    expect(await stored(t)).toBe(0);
  });

  it('takes userId from the bearer token only, links the device on identify, and uses the signed-in person’s own consent', async () => {
    const t = await createGrowthUnderTest();
    const { token, sub } = await t.tokenFor('customer');
    await t.call('PUT', '/consents', { token, body: { anonymousId: 'phone-1', purposes: { analytics: true, marketing: true }, noticeVersion: '2026-01' } });
    // A second device of the same person, which never gave consent itself: the person's own consent counts.
    const res = await t.call('POST', '/track', {
      token,
      body: { batch: [ev('i1', { type: 'identify', anonymousId: 'laptop-1', userId: 'someone-else', event: undefined })] },
    });
    expect(res.body.data.accepted).toBe(1);
    const [event] = await t.parts.events.exportFor(sub, []);
    expect(event?.userId).toBe(sub);
    expect(await t.parts.consents.devicesOf(sub)).toEqual(['laptop-1']);
    expect((await t.call('POST', '/track', { token: 'x.y.z', body: { batch: [ev('i2')] } })).status).toBe(401);
  });

  it('refuses what is not a batch with 400 INVALID_BATCH (over 100 events, over 500 KB, no batch, a bad sentAt)', async () => {
    const t = await createGrowthUnderTest();
    const cases: unknown[] = [
      { batch: Array.from({ length: 101 }, (_, i) => ev(`b${i}`)) },
      { batch: Array.from({ length: 20 }, (_, i) => ev(`c${i}`, { properties: { blob: 'x'.repeat(30_000) } })) },
      { batch: [] },
      { events: [ev('x')] },
      { batch: [ev('x')], sentAt: 'soon' },
      [ev('x')],
    ];
    for (const body of cases) expect((await t.call('POST', '/track', { body })).body.error?.code).toBe('INVALID_BATCH');
    expect((await t.call('POST', '/track', { raw: '{"batch": [' })).body.error?.code).toBe('MALFORMED_JSON');
  });
});

describe('consent', () => {
  it('answers nothing consented before any choice, the latest choice after, and keeps every change in the history', async () => {
    const t = await createGrowthUnderTest();
    expect((await t.call('GET', '/consents?anonymousId=dev-9')).body.data).toEqual({
      anonymousId: 'dev-9',
      purposes: { analytics: false, marketing: false },
      noticeVersion: null,
      updatedAt: null,
    });
    const { token, sub } = await t.tokenFor('customer');
    await t.call('PUT', '/consents', { token, body: { anonymousId: 'dev-9', purposes: { analytics: true, marketing: false }, noticeVersion: 'v1' } });
    t.clock.advance(1000);
    await t.call('PUT', '/consents', { token, body: { anonymousId: 'dev-9', purposes: { analytics: false, marketing: false }, noticeVersion: 'v2' } });
    expect((await t.call('GET', '/consents?anonymousId=dev-9')).body.data).toMatchObject({ noticeVersion: 'v2', userId: sub, purposes: { analytics: false } });
    const { consentHistory } = await t.parts.consents.exportFor(sub);
    expect(consentHistory.map((h: { noticeVersion: string }) => h.noticeVersion)).toEqual(['v1', 'v2']);
  });

  it('refuses a bad consent with 400 INVALID_CONSENT', async () => {
    const t = await createGrowthUnderTest();
    for (const body of [
      {},
      { anonymousId: '', purposes: { analytics: true, marketing: true }, noticeVersion: 'v' },
      { anonymousId: 'a', purposes: { analytics: 'yes' }, noticeVersion: 'v' },
    ])
      expect((await t.call('PUT', '/consents', { body })).body.error?.code).toBe('INVALID_CONSENT');
    expect((await t.call('GET', '/consents')).body.error?.code).toBe('INVALID_CONSENT');
  });
});
